// What the console's screens load, each read bound once to the shared resourceLoad machine, a flow of its own. A
// resource that needs to know which record (a claim's uuid) takes it as the actor's `params`.
import { fromPromise } from 'xstate';
import { resourceLoadMachine, type ResourceParams } from '../../../machines/resourceLoad.ts';
import { flowContext, type FlowContext } from '../../flows/flowContext.tsx';
import { opsApi } from '../api.ts';

/** The machine with its read; `data` only carries the type of what it loads, for the view to render. */
export type OpsResource<Data> = FlowContext<typeof resourceLoadMachine> & { readonly data?: Data };

function resource<Data>(read: (params: string) => Promise<Data>): OpsResource<Data> {
  return flowContext(
    resourceLoadMachine.provide({
      actors: { fetchResource: fromPromise<unknown, ResourceParams>(({ input }) => read(input ?? '')) },
    }),
  );
}

export const opsResources = {
  addressPools: resource(() => opsApi.addressPools()),
  receivingAccounts: resource(() => opsApi.receivingAccounts()),
  settings: resource(() => opsApi.settings()),
  directions: resource(() => opsApi.directions()),
  rates: resource(() => opsApi.rates()),
  reserves: resource(() => opsApi.reserves()),
  promocodes: resource(() => opsApi.promocodes()),
  pendingChanges: resource(() => opsApi.pendingChanges()),
  /** params: the claim's uuid. */
  claim: resource((uuid) => opsApi.claim(uuid)),
};
