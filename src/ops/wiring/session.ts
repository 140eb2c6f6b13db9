// The operator session, one actor for the whole console (its flow's Shared in OpsApp): the machine with the real
// calls, the console's calls in the operator's language, and a 401 from any of them ending the session on screen.
import { fromCallback, fromPromise } from 'xstate';
import { opsSessionMachine, type OpsSessionEvent } from '../../../machines/opsSession.ts';
import type { OpsSignInRequest } from '../../api/schemas/ops.ts';
import type { Locale } from '../../domain/locale.ts';
import { flowContext, type FlowPage } from '../../flows/flowContext.tsx';
import { configureOpsApi, opsApi } from '../api.ts';

export const OpsSession = flowContext(
  opsSessionMachine.provide({
    actors: {
      fetchOperator: fromPromise(() => opsApi.me()),
      signIn: fromPromise(({ input }: { input: OpsSignInRequest }) => opsApi.signIn(input)),
      signOut: fromPromise(() => opsApi.signOut()),
    },
  }),
  (console: FlowPage<{ locale: Locale }>) => ({
    actors: {
      watchUnauthorized: fromCallback<OpsSessionEvent>(({ sendBack }) =>
        configureOpsApi(console().locale, () => sendBack({ type: 'session.lost' })),
      ),
    },
  }),
);
