// The operator session, wired once for the whole console: the machine with the real calls, handed down.
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { opsSessionMachine } from '../../../machines/opsSession.ts';
import type { OpsSignInRequest } from '../../api/schemas/ops.ts';
import { configureOpsApi, opsApi } from '../api.ts';
import type { Locale } from '../../domain/locale.ts';

export const OpsSession = createActorContext(
  opsSessionMachine.provide({
    actors: {
      fetchOperator: fromPromise(() => opsApi.me()),
      signIn: fromPromise(({ input }: { input: OpsSignInRequest }) => opsApi.signIn(input)),
      signOut: fromPromise(() => opsApi.signOut()),
    },
  }),
);

/** The console's calls in the operator's language; a 401 from any of them ends the session on screen. */
export function useOpsApiIn(locale: Locale): void {
  const session = OpsSession.useActorRef();
  useEffect(() => configureOpsApi(locale, () => session.send({ type: 'session.lost' })), [locale, session]);
}
