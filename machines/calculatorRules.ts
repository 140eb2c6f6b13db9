// The pure rules of the exchange form (docs/product.md §4 "Calculator"): its context, events and every context change the
// chart in calculator.ts makes, as plain functions of the context. The give amount is the source of truth;
// course and limits come from src/domain/limits.ts, every amount goes through src/domain/money.ts.
import type {
  CreateClaimRequest,
  Currency,
  DirectionsResponse,
  FormField,
  PairResponse,
  PairSide,
  Reserve,
  SettingsResponse,
} from '../src/api/schemas/index.ts';
import { effectiveCourse, giveWithinLimits, limitsOf, type DirectionLimits, type Limits } from '../src/domain/limits.ts';
import { compare, giveFromReceive, isPositive, receiveFromGive, type Decimal } from '../src/domain/money.ts';
import { typeAmount, typedAmountValue, type AmountTyping } from '../src/domain/amountTyping.ts';
import { typeCard } from '../src/domain/cardTyping.ts';
import { requisiteProblemWith } from '../src/domain/requisiteRules.ts';
import { isAddressCheck } from '../src/domain/requisiteKinds.ts';
import type { ChecksumVerifiers } from '../src/domain/addressChecksums.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { emailError, type FormError, type FormErrors } from './formErrors.ts';

export type Side = 'from' | 'to';

/**
 * Why the give amount is not what the person typed, so the view can say so next to the field: moved into the
 * limits on leaving the field, or reset to the minimum of a newly chosen pair. `amount` is the amount now in the field.
 */
export interface AmountNote {
  code: 'raised_to_min' | 'lowered_to_max' | 'pair_minimum';
  amount: Decimal;
}

/**
 * Errors by field: 'email', 'fromSumma', 'toSumma', 'promocode', 'refferal', 'recaptcha', 'agree', requisites as
 * 'fromRequisites.<name>' / 'toRequisites.<name>', and 'detail' for what belongs to no field.
 */
export type CalculatorErrors = FormErrors<string>;

/** What a server-rendered page already loaded: the form starts from it instead of asking again. */
export interface CalculatorPreload {
  directions: DirectionsResponse;
  settings: SettingsResponse | null;
  /** The receive options of the starting give currency. */
  receiveOptions: Currency[];
  /** The starting pair; null when it could not be loaded (it is then asked for again). */
  pair: PairResponse | null;
  /** Empty when they could not be loaded: they are then asked for again. */
  reserves: Reserve[];
}

export interface CalculatorInput {
  /** Currency codes of `?cur_from=&cur_to=`. */
  curFrom?: string | null;
  curTo?: string | null;
  /** Referral code remembered from `?ref=` (the app keeps it in the `ref` cookie). */
  referral?: string | null;
  preloaded?: CalculatorPreload | null;
}

export interface CalculatorContext {
  curFrom: string | null;
  curTo: string | null;
  currencies: Currency[];
  directions: DirectionsResponse['directions'];
  receiveOptions: Currency[];
  fromId: number | null;
  toId: number | null;
  pair: PairResponse | null;
  course: Decimal | null;
  verificationCourse: Decimal | null;
  /** When the course was last set (ISO), from the pair and each course refresh: shown under the course. */
  courseUpdatedAt: string | null;
  verified: boolean;
  /** Only an account with a verified card may price with the verified course (the server refuses anyone else). */
  verifiedAllowed: boolean;
  limits: Limits | null;
  /** Canonical give amount, or null while the typed text is not a number. */
  give: Decimal | null;
  /** What the amount fields show: the typed text of the side being edited, the computed value of the other. */
  giveText: string;
  receiveText: string;
  email: string;
  requisites: Record<Side, Record<string, string>>;
  promocode: string;
  referral: string;
  agreed: boolean;
  captchaRequired: boolean;
  captchaToken: string;
  errors: CalculatorErrors;
  /** Notify texts of the pair's sides, shown one after another in the 'Notification' modal. */
  notices: string[];
  /** Why the give amount changed without being typed; cleared by typing an amount. */
  amountNote: AmountNote | null;
  reserves: Reserve[];
  uuid: string | null;
  /**
   * The addresses' checksum verifiers, loaded on the first focus or typing in an address field (or on submit):
   * until then an address is checked against its network's pattern only.
   */
  addressChecksums: ChecksumVerifiers | null;
}

export type CalculatorEvent =
  | { type: 'give.changed'; value: string }
  | { type: 'receive.changed'; value: string }
  | { type: 'give.blurred' }
  | { type: 'receive.blurred' }
  | { type: 'from.selected'; id: number }
  | { type: 'to.selected'; id: number }
  | { type: 'verified.toggled' }
  /** Whether the visitor may use the verified course: signed in with a verified card. Sent on every session change. */
  | { type: 'verified.eligibility'; allowed: boolean }
  | { type: 'email.changed'; value: string }
  /** The e-mail field was left: a typed address is checked at once. */
  | { type: 'email.blurred' }
  /** The signed-in user's e-mail: it fills the e-mail field unless the visitor typed one. */
  | { type: 'account.known'; email: string }
  | { type: 'requisite.changed'; side: Side; name: string; value: string }
  /** A requisite field was left: a typed value is checked at once (a card's length and check digit, say). */
  | { type: 'requisite.blurred'; side: Side; name: string }
  /** A requisite field got the focus: an address field's checksums start loading. */
  | { type: 'requisite.focused'; side: Side; name: string }
  | { type: 'promocode.changed'; value: string }
  | { type: 'referral.changed'; value: string }
  | { type: 'agreement.changed'; value: boolean }
  | { type: 'captcha.solved'; token: string }
  | { type: 'notice.closed' }
  | { type: 'submit' };

/** How the app reports a failed call to the machine: the DRF error body, or a code for a network failure. */
export type CallFailure = Record<string, unknown>;

type Patch = Partial<CalculatorContext>;

// ---------- reading the context ----------

/** The fields of a side the pair marks visible: only these are shown, checked and sent. */
export function visibleFields(side: PairSide | undefined): FormField[] {
  return side ? side.structure.input.filter((field) => field.visible) : [];
}

/** Give currencies in the order of the directions list. */
export function giveCurrencies(context: Pick<CalculatorContext, 'currencies' | 'directions'>): Currency[] {
  const byId = new Map(context.currencies.map((currency) => [currency.id, currency]));
  return context.directions.flatMap((direction) => byId.get(direction.id) ?? []);
}

/** The listed limits of a pair, in the shape src/domain/limits.ts reads. */
export function directionLimitsOf(pair: PairResponse): DirectionLimits {
  const side = (of: PairSide) => ({ min: of.min, minVerification: of.minVerification, max: of.max, decimals: of.roundCalculator });
  return { give: side(pair.from), receive: side(pair.to) };
}

function receiveOf(give: Decimal | null, context: CalculatorContext): string {
  const course = effectiveCourse(context, context.verified);
  if (give === null || course === null || !context.pair) return '';
  return receiveFromGive(give, course, context.pair.to.roundCalculator);
}

/** Checks done before anything is sent; the server repeats every one of them. */
export function formErrors(context: CalculatorContext): CalculatorErrors {
  const errors: CalculatorErrors = {};
  const email = emailError(context.email);
  if (email) errors.email = email;

  const limits = context.limits;
  if (context.give === null) errors.fromSumma = { code: context.giveText.trim() === '' ? 'required' : 'amount_not_number' };
  else if (!isPositive(context.give)) errors.fromSumma = { code: 'amount_invalid' };
  else if (limits?.give.min && compare(context.give, limits.give.min) < 0) errors.fromSumma = { code: 'below_min' };
  else if (limits?.give.max && compare(context.give, limits.give.max) > 0) errors.fromSumma = { code: 'above_max' };
  else if (context.pair && compare(receiveOf(context.give, context), context.pair.reserve) > 0) {
    errors.toSumma = { code: 'above_reserve' };
  }

  for (const side of ['from', 'to'] as const) {
    for (const field of visibleFields(context.pair?.[side])) {
      const value = context.requisites[side][field.name] ?? '';
      const key = `${side}Requisites.${field.name}`;
      if (value.trim() === '') {
        if (field.required) errors[key] = { code: 'required' };
      } else {
        const problem = requisiteError(field, value, context.addressChecksums);
        if (problem) errors[key] = problem;
      }
    }
  }
  if (context.captchaRequired && context.captchaToken === '') errors.recaptcha = { code: 'required' };
  if (!context.agreed) errors.agree = { code: 'rules_and_aml_required' };
  return errors;
}

/** What breaks the rule of a filled requisite field, or null. */
function requisiteError(field: FormField, value: string, checksums: ChecksumVerifiers | null): FormError | null {
  const problem = requisiteProblemWith(checksums, field.check, value);
  return problem === null ? null : { code: 'requisite', problem, check: field.check, value };
}

/** Whether the named field of a side holds a crypto address (whose checksum needs the verifiers). */
export function isAddressField(context: CalculatorContext, side: Side, name: string): boolean {
  const field = requisiteField(context, side, name);
  return field !== undefined && isAddressCheck(field.check);
}

/** A filled address field waits for the checksum verifiers before the form may be judged complete. */
export function addressChecksumsMissing(context: CalculatorContext): boolean {
  if (context.addressChecksums !== null) return false;
  return (['from', 'to'] as const).some((side) =>
    visibleFields(context.pair?.[side]).some(
      (field) => isAddressCheck(field.check) && (context.requisites[side][field.name] ?? '').trim() !== '',
    ),
  );
}

/** The field of a side the pair shows under this name. */
function requisiteField(context: CalculatorContext, side: Side, name: string): FormField | undefined {
  return visibleFields(context.pair?.[side]).find((field) => field.name === name);
}

/** How the typed text of an amount field is taken: the decimals are those of that side's currency. */
export function amountTypingOf(context: CalculatorContext, side: Side, text: string): AmountTyping {
  // Stryker disable next-line LogicalOperator: amounts are typed only once a pair is loaded.
  return typeAmount(text, context.pair?.[side].roundCalculator ?? 18);
}

/** Whether a card field's typed text held characters a card number cannot have (they are dropped). */
export function cardCharactersTyped(context: CalculatorContext, side: Side, name: string, value: string): boolean {
  return requisiteField(context, side, name)?.check === 'card' && typeCard(value).dropped;
}

/**
 * A refused claim's body as field errors: every key names a field (a nested requisite object gives dotted keys
 * such as 'fromRequisites.card'); `course` (course_changed) is the new course, not a message.
 */
export function claimErrorsFromBody(body: CallFailure | undefined): CalculatorErrors {
  return errorsFromBody(body, undefined, ['course']);
}

/**
 * The server refused because what the form showed is out of date: the course moved (course_changed), or the
 * amount no longer fits the limits or the reserve. The form then loads the current course and recomputes.
 */
export function pricesMoved(body: CallFailure | undefined): boolean {
  return body?.code === 'course_changed' || body?.fromSumma !== undefined || body?.toSumma !== undefined;
}

/** The create-claim payload (docs/product.md §3): only visible requisites, and `recaptcha` always ('' when captcha is off). */
export function claimRequestOf(context: CalculatorContext): CreateClaimRequest {
  const pick = (side: Side) =>
    Object.fromEntries(
      visibleFields(context.pair?.[side]).map((field) => [field.name, context.requisites[side][field.name]?.trim() ?? '']),
    );
  const request: CreateClaimRequest = {
    email: context.email.trim(),
    fromPs: context.fromId ?? 0,
    toPs: context.toId ?? 0,
    fromSumma: context.give ?? '',
    toSumma: receiveOf(context.give, context),
    fromRequisites: pick('from'),
    toRequisites: pick('to'),
    recaptcha: context.captchaRequired ? context.captchaToken : '',
    withVerificationCourse: context.verified,
  };
  if (context.referral.trim() !== '') request.refferal = context.referral.trim();
  if (context.promocode.trim() !== '') request.promocode = context.promocode.trim();
  const shown = effectiveCourse(context, context.verified);
  if (shown !== null) request.expectedCourse = shown;
  return request;
}

// ---------- changing the context (each returns the changed keys) ----------

/** The give amount and both field texts once `give` is settled (typing in give, or any recomputation). */
function amountsFromGive(give: Decimal | null, context: CalculatorContext): Patch {
  return { give, giveText: give ?? context.giveText, receiveText: receiveOf(give, context) };
}

/** Recomputes what depends on the course after a course or switch change: the limits. */
function withCourse(context: CalculatorContext, course: Decimal | null, verificationCourse: Decimal | null, verified: boolean) {
  const next = { ...context, course, verificationCourse, verified: verified && verificationCourse !== null };
  const effective = effectiveCourse(next, next.verified);
  const limits = next.pair && effective ? limitsOf(directionLimitsOf(next.pair), effective, next.verified) : null;
  return { ...next, limits };
}

function clampedGive(context: CalculatorContext): Decimal | null {
  return context.limits ? giveWithinLimits(context.give, context.limits.give) : context.give;
}

/** The note for a give amount moved from `before` to `after` by the limits. */
export function amountNoteOf(before: Decimal, after: Decimal | null): AmountNote | null {
  if (after === null) return null;
  const moved = compare(after, before);
  if (moved > 0) return { code: 'raised_to_min', amount: after };
  if (moved < 0) return { code: 'lowered_to_max', amount: after };
  return null;
}

/** Clamps the give amount and says why it changed; a field holding no amount is left as it is, never made the minimum. */
function clampedWithNote(context: CalculatorContext): Patch {
  if (context.give === null) return {};
  const after = clampedGive(context);
  return { ...amountsFromGive(after, context), amountNote: amountNoteOf(context.give, after) };
}

function receiveIdsOf(context: CalculatorContext, fromId: number | null): number[] {
  return context.directions.find((direction) => direction.id === fromId)?.ids ?? [];
}

function requisitesFor(fields: FormField[], previous: Record<string, string>): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.name, previous[field.name] ?? '']));
}

export function directionsLoaded(directions: DirectionsResponse): Patch {
  return { currencies: directions.currencies, directions: directions.directions };
}

/**
 * The captcha switch and the pair to start with: the deep link's ids (named by the settings) when they trade,
 * else the first give currency and its first option. Without settings the captcha switch stays as it was.
 */
export function startingPair(context: CalculatorContext, settings: SettingsResponse | null): Patch {
  const wanted = settings?.exchangeAttributes;
  const fromId =
    context.directions.find((direction) => direction.id === wanted?.fromCurrencyId)?.id ?? context.directions[0]?.id ?? null;
  const ids = receiveIdsOf(context, fromId);
  const toId = ids.find((id) => id === wanted?.toCurrencyId) ?? ids[0] ?? null;
  return { captchaRequired: settings?.captchaClaim ?? context.captchaRequired, fromId, toId };
}

/** The receive options of the give currency; the receive currency stays only if still offered. */
export function receiveOptionsLoaded(context: CalculatorContext, options: Currency[]): Patch {
  const toId = options.some((currency) => currency.id === context.toId) ? context.toId : (options[0]?.id ?? null);
  return { receiveOptions: options, toId };
}

/** The same options as named by the directions list, when asking for them failed. */
export function receiveOptionsFromDirections(context: CalculatorContext): Patch {
  const ids = receiveIdsOf(context, context.fromId);
  const toId = ids.includes(context.toId ?? -1) ? context.toId : (ids[0] ?? null);
  return { receiveOptions: context.currencies.filter((currency) => ids.includes(currency.id)), toId };
}

/** A new pair: its course and limits, the give amount at its minimum, one entry per visible requisite, its notices. */
export function pairLoaded(context: CalculatorContext, pair: PairResponse): Patch {
  const next = withCourse({ ...context, pair }, pair.course, pair.verificationCourse, context.verified);
  const give = next.limits?.give.min ?? context.give;
  // A person who had an amount in the field is told it was reset (the first pair of the page just starts there).
  const reset = context.pair !== null && context.give !== null && give !== null && compare(give, context.give) !== 0;
  return {
    ...next,
    ...amountsFromGive(give, next),
    amountNote: reset && give !== null ? { code: 'pair_minimum', amount: give } : null,
    requisites: {
      from: requisitesFor(visibleFields(pair.from), context.requisites.from),
      to: requisitesFor(visibleFields(pair.to), context.requisites.to),
    },
    errors: {},
    notices: [pair.from.notify, pair.to.notify].filter((text): text is string => !!text),
    courseUpdatedAt: pair.updatedAt,
  };
}

export const NO_PAIR: Patch = { pair: null, course: null, verificationCourse: null, courseUpdatedAt: null, limits: null };

/** A refreshed course: new limits and receive amount; the give text stays as typed. */
export function courseLoaded(
  context: CalculatorContext,
  rates: { course: Decimal; verificationCourse: Decimal | null; updatedAt: string },
): Patch {
  const next = withCourse(context, rates.course, rates.verificationCourse, context.verified);
  return { ...next, ...amountsFromGive(context.give, next), giveText: context.giveText, courseUpdatedAt: rates.updatedAt };
}

export function verifiedToggled(context: CalculatorContext): Patch {
  const next = withCourse(context, context.course, context.verificationCourse, !context.verified);
  return { ...next, ...clampedWithNote(next) };
}

/** Losing the right (signing out, say) turns the verified course off and prices with the ordinary one. */
export function verifiedEligibilityChanged(context: CalculatorContext, allowed: boolean): Patch {
  if (allowed || !context.verified) return { verifiedAllowed: allowed };
  return { ...verifiedToggled(context), verifiedAllowed: false };
}

/** Typed give text as the field keeps it (src/domain/amountTyping.ts), and the amounts it stands for. */
export function giveTyped(context: CalculatorContext, typed: string): Patch {
  const text = amountTypingOf(context, 'from', typed).text ?? typed;
  return { ...amountsFromGive(typedAmountValue(text), context), giveText: text, amountNote: null };
}

/** Typing in receive converts back to give (rounded up so it still buys the amount) and keeps the typed text. */
export function receiveTyped(context: CalculatorContext, typed: string): Patch {
  const text = amountTypingOf(context, 'to', typed).text ?? typed;
  const receive = typedAmountValue(text);
  const course = effectiveCourse(context, context.verified);
  const give = receive !== null && course !== null && context.pair ? giveFromReceive(receive, course, context.pair.from.roundCalculator) : null;
  return { give, giveText: give ?? '', receiveText: text, amountNote: null };
}

/** A refused amount text: the field keeps its text and says why (not a number, too many decimals). */
export function amountRefused(context: CalculatorContext, side: Side, typed: string): Patch {
  const { problem } = amountTypingOf(context, side, typed);
  // Stryker disable next-line ConditionalExpression: only a refused text reaches here, so a problem is always named.
  if (problem === null) return {};
  const error: FormError =
    problem === 'amount_decimals' ? { code: problem, decimals: context.pair?.[side].roundCalculator ?? 0 } : { code: problem };
  return { errors: { ...context.errors, [side === 'from' ? 'fromSumma' : 'toSumma']: error } };
}

/** Leaving the e-mail field checks a typed address at once; an empty field waits for the submit. */
export function emailLeft(context: CalculatorContext): Patch {
  const error = context.email.trim() === '' ? null : emailError(context.email);
  return error ? { errors: { ...context.errors, email: error } } : {};
}

/** Leaving a requisite field checks a typed value at once; an empty field waits for the submit. */
export function requisiteLeft(context: CalculatorContext, side: Side, name: string): Patch {
  const field = requisiteField(context, side, name);
  const value = context.requisites[side][name] ?? '';
  const error = field && value.trim() !== '' ? requisiteError(field, value, context.addressChecksums) : null;
  return error ? { errors: { ...context.errors, [`${side}Requisites.${name}`]: error } } : {};
}

/** Letters or symbols typed into a card field were dropped: the field says a card number is digits only. */
export function cardCharactersDropped(context: CalculatorContext, side: Side, name: string): Patch {
  const value = context.requisites[side][name] ?? '';
  const error: FormError = { code: 'requisite', problem: 'card_characters', check: 'card', value };
  return { errors: { ...context.errors, [`${side}Requisites.${name}`]: error } };
}

/** Leaving an amount field moves the amount into the limits. */
export function amountLeft(context: CalculatorContext): Patch {
  return clampedWithNote(context);
}

/** A typed requisite; a card number is kept as digits grouped by four. */
export function requisiteTyped(context: CalculatorContext, side: Side, name: string, value: string): Patch {
  const kept = requisiteField(context, side, name)?.check === 'card' ? typeCard(value).text : value;
  return { requisites: { ...context.requisites, [side]: { ...context.requisites[side], [name]: kept } } };
}

/** The context a form starts with: empty, or everything a server-rendered page already loaded. */
export function initialContext(input: CalculatorInput): CalculatorContext {
  const empty: CalculatorContext = {
    curFrom: input.curFrom || null,
    curTo: input.curTo || null,
    currencies: [],
    directions: [],
    receiveOptions: [],
    fromId: null,
    toId: null,
    pair: null,
    course: null,
    verificationCourse: null,
    courseUpdatedAt: null,
    verified: false,
    verifiedAllowed: false,
    limits: null,
    give: null,
    giveText: '',
    receiveText: '',
    email: '',
    requisites: { from: {}, to: {} },
    promocode: '',
    referral: input.referral ?? '',
    agreed: false,
    captchaRequired: false,
    captchaToken: '',
    errors: {},
    notices: [],
    amountNote: null,
    reserves: [],
    uuid: null,
    addressChecksums: null,
  };
  const preloaded = input.preloaded;
  if (!preloaded) return empty;
  let context: CalculatorContext = { ...empty, ...directionsLoaded(preloaded.directions) };
  context = { ...context, ...startingPair(context, preloaded.settings) };
  context = { ...context, ...receiveOptionsLoaded(context, preloaded.receiveOptions) };
  if (preloaded.pair) context = { ...context, ...pairLoaded(context, preloaded.pair) };
  return { ...context, reserves: preloaded.reserves };
}
