// Editing one record in the back office (a direction's course and limits, a reserve, the maintenance texts):
// open with its current values, change fields, save once; the server's field errors come back to the form.
import { assign, fromPromise, setup } from 'xstate';
import { errorsFromBody } from '../src/api/errors.ts';
import { withoutError, type FormErrors } from './formErrors.ts';

export type OpsEditValues = Record<string, string>;

export interface OpsEditContext {
  values: OpsEditValues;
  errors: FormErrors<string>;
}

export type OpsEditEvent =
  | { type: 'edit'; values: OpsEditValues }
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'save' }
  | { type: 'cancel' };

export const opsEditMachine = setup({
  types: { context: {} as OpsEditContext, events: {} as OpsEditEvent },
  actors: {
    save: fromPromise<unknown, OpsEditValues>(async () => {
      throw new Error('opsEdit: the view must provide "save"');
    }),
  },
  actions: {
    openWith: assign({ values: (_, params: { values: OpsEditValues }) => params.values, errors: {} }),
    editField: assign(({ context }, params: { name: string; value: string }) => ({
      values: { ...context.values, [params.name]: params.value },
      errors: withoutError(context.errors, params.name, 'detail'),
    })),
    showErrors: assign({
      errors: ({ context }, params: { body: unknown }) => errorsFromBody(params.body, Object.keys(context.values)),
    }),
    close: assign({ values: {}, errors: {} }),
    /** The view reloads what it shows. */
    notifySaved: () => {},
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'opsEdit',
  context: { values: {}, errors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: { edit: { target: 'editing', actions: { type: 'openWith', params: ({ event }) => ({ values: event.values }) } } },
    },
    editing: {
      on: {
        'field.changed': { actions: { type: 'editField', params: ({ event }) => ({ name: event.name, value: event.value }) } },
        save: { target: 'saving' },
        cancel: { target: 'idle', actions: 'close' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }) => context.values,
        onDone: { target: 'idle', actions: ['close', 'notifySaved'] },
        onError: { target: 'editing', actions: { type: 'showErrors', params: ({ event }) => ({ body: event.error }) } },
      },
    },
  },
});

export type OpsEditMachine = typeof opsEditMachine;
