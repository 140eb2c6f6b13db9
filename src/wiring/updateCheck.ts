// The hourly update check bound to the served build and to a page reload.
import { fromPromise } from 'xstate';
import { updateCheckMachine } from '../../machines/updateCheck.ts';
import { fetchLatestBuild } from './buildVersion.ts';

export const wiredUpdateCheckMachine = updateCheckMachine.provide({
  actors: { fetchLatestBuild: fromPromise(() => fetchLatestBuild()) },
  actions: { reload: () => window.location.reload() },
});
