// The console's edit forms, each save bound once to its call: the form's values become the request here (an
// empty optional field means none, a decimal comma a point). A save that changes one record takes it as its target.
import { fromPromise } from 'xstate';
import { opsEditMachine, type OpsEditValues } from '../../../machines/opsEdit.ts';
import type { OpsDirection, OpsDirectionUpdate, OpsPromocodeCreate, OpsReserve } from '../../api/schemas/ops.ts';
import type { OpsFormulaUpdate } from '../../api/schemas/opsRates.ts';
import { takesCardVerification } from '../../domain/cardVerification.ts';
import type { OpsSection } from '../../domain/operatorRoles.ts';
import { flowContext, type FlowPage } from '../../flows/flowContext.tsx';
import { opsApi } from '../api.ts';

const LIMITS = ['fromMin', 'fromMax', 'toMin', 'toMax'] as const;

const trimmedOrNull = (value: string | undefined) => value?.trim() || null;
const decimal = (value: string | undefined) => (value ?? '').trim().replace(',', '.');
const decimalOrNull = (value: string | undefined) => (value?.trim() ? decimal(value) : null);
const wholeOrNull = (value: string | undefined) => (value?.trim() ? Number(value.trim()) : null);

/** An empty limit or verified course means none; card verification only where the client pays by card. */
function directionUpdate(direction: OpsDirection, values: OpsEditValues): OpsDirectionUpdate {
  const update: OpsDirectionUpdate = {
    course: decimal(values.course),
    verificationCourse: decimalOrNull(values.verificationCourse),
    active: values.active === 'true',
  };
  if (takesCardVerification(direction.fromKind)) update.cardVerification = values.cardVerification === 'true';
  for (const limit of LIMITS) update[limit] = decimalOrNull(values[limit]);
  return update;
}

/** An empty verified formula, decimal places or step means none. */
function formulaUpdate(values: OpsEditValues): OpsFormulaUpdate {
  return {
    course: (values.course ?? '').trim(),
    verified: trimmedOrNull(values.verified),
    roundDecimals: trimmedOrNull(values.roundDecimals),
    maxStepPercent: trimmedOrNull(values.maxStepPercent)?.replace(',', '.') ?? null,
  };
}

/** The server checks every field and answers field errors. */
function promocodeRequest(values: OpsEditValues): OpsPromocodeCreate {
  return {
    code: (values.code ?? '').trim(),
    percent: decimal(values.percent),
    uses: wholeOrNull(values.uses) ?? 1,
    email: trimmedOrNull(values.email),
    days: wholeOrNull(values.days),
  };
}

export const opsEditSaves = {
  importAddresses: (values: OpsEditValues) => opsApi.importAddresses({ code: values.code ?? '', addresses: values.addresses ?? '' }),
  addReceivingAccount: (values: OpsEditValues) =>
    opsApi.addReceivingAccount({
      code: values.code ?? '',
      number: values.number ?? '',
      holder: trimmedOrNull(values.holder),
      bank: trimmedOrNull(values.bank),
    }),
  setMaintenance: (values: OpsEditValues) =>
    opsApi.setMaintenance({
      enabled: values.enabled === 'true',
      messageRu: trimmedOrNull(values.messageRu),
      messageEn: trimmedOrNull(values.messageEn),
    }),
  createPromocode: (values: OpsEditValues) => opsApi.createPromocode(promocodeRequest(values)),
  updateDirection: (values: OpsEditValues, direction: OpsDirection) => opsApi.updateDirection(direction.id, directionUpdate(direction, values)),
  /** target: the reserve as the operator saw it (its amount guards against a payout made meanwhile). */
  setReserve: (values: OpsEditValues, reserve: Pick<OpsReserve, 'code' | 'amount'>) =>
    opsApi.setReserve(reserve.code, decimal(values.amount), reserve.amount),
  /** target: the direction's id. */
  setFormula: (values: OpsEditValues, directionId: number) => opsApi.setFormula(directionId, formulaUpdate(values)),
  /** target: the claim's uuid. */
  recordPayout: (values: OpsEditValues, uuid: string) => opsApi.recordPayout(uuid, (values.txHash ?? '').trim()),
};

export type OpsEditSave = keyof typeof opsEditSaves;

/** The console section each save changes (src/domain/operatorRoles.ts): a role that may not change it is not offered it. */
export const opsEditSections: Record<OpsEditSave, OpsSection> = {
  importAddresses: 'payments',
  addReceivingAccount: 'payments',
  setMaintenance: 'settings',
  createPromocode: 'promocodes',
  updateDirection: 'directions',
  setReserve: 'reserves',
  setFormula: 'rates',
  recordPayout: 'claims',
};
/** The record a save changes; undefined for a save that creates or switches something. */
export type OpsEditTarget<Save extends OpsEditSave> = Parameters<(typeof opsEditSaves)[Save]> extends [unknown, infer Target] ? Target : undefined;

/** What an edit form binds its flow to: its save, the record it changes, the screen's reload. */
interface EditForm {
  save: OpsEditSave;
  target: unknown;
  onSaved: () => void;
}

const editFlow = flowContext(opsEditMachine, (form: FlowPage<EditForm>) => ({
  actors: {
    save: fromPromise<unknown, OpsEditValues>(({ input }) => {
      const call = opsEditSaves[form().save] as (values: OpsEditValues, target: unknown) => Promise<unknown>;
      return call(input, form().target);
    }),
  },
  actions: { notifySaved: () => form().onSaved() },
}));

/** The edit flow of one form, telling the screen when it saved. */
export function useOpsEdit<Save extends OpsEditSave>(save: Save, target: OpsEditTarget<Save>, onSaved: () => void) {
  return editFlow.useFlowActor(undefined, { save, target, onSaved });
}
