// The operator session, wired once for the whole console: the machine with the real calls, handed down.
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { opsSessionMachine } from '../../machines/opsSession.ts';
import type { OpsSignInRequest } from '../api/schemas/ops.ts';
import { opsApi } from './api.ts';

export const OpsSession = createActorContext(
  opsSessionMachine.provide({
    actors: {
      fetchOperator: fromPromise(() => opsApi.me()),
      signIn: fromPromise(({ input }: { input: OpsSignInRequest }) => opsApi.signIn(input)),
      signOut: fromPromise(() => opsApi.signOut()),
    },
  }),
);
