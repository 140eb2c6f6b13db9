// The exchange form: renders the calculator machine's snapshot and sends it what the visitor does.
// Loaded lazily by the home page, so the first paint of the home does not wait for it.
import { lazy, Suspense, useEffect, useRef, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { visibleFields, giveCurrencies, type CalculatorPreload, type Side } from '../../../machines/calculatorRules.ts';
import { useCalculator } from '../../flows/calculator.ts';
import { useSettings } from '../../flows/settings.ts';
import { effectiveCourse } from '../../domain/limits.ts';
import { formatAmount, type Decimal } from '../../domain/money.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { useLocalizedPath } from '../../i18n/useLocalizedPath.ts';
import { Button } from '../ui/Button.tsx';
import { useHydrated } from '../hydration.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { AmountField } from './AmountField.tsx';
import { amountFieldText, groupedAmountText } from './amountText.ts';
import { Captcha } from './Captcha.tsx';
import { CourseLine } from './CourseLine.tsx';
import { CurrencyPicker } from './CurrencyPicker.tsx';
import { LimitsLine } from './LimitsLine.tsx';
import { RequisiteFields } from './RequisiteFields.tsx';
import { ReservesList } from './ReservesList.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';
import { useAmountNoteText } from './useAmountNoteText.ts';
import { VerifiedSwitch } from './VerifiedSwitch.tsx';

const NotificationModal = lazy(() => import('../ui/NotificationModal.tsx'));

export interface ExchangeFormProps {
  curFrom: string | null;
  curTo: string | null;
  referral: string | null;
  /** What a server-rendered home already loaded (the form starts from it instead of asking again). */
  preloaded?: CalculatorPreload | null;
}

/** Errors the form shows under a field; anything else is shown above the submit button. */
function isFieldKey(key: string): boolean {
  return ['email', 'fromSumma', 'toSumma', 'promocode', 'refferal', 'recaptcha', 'agree', 'fromPs', 'toPs'].includes(key) ||
    key.startsWith('fromRequisites.') ||
    key.startsWith('toRequisites.');
}

export default function ExchangeForm({ curFrom, curTo, referral, preloaded = null }: ExchangeFormProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const tag = LOCALE_TAGS[locale];
  const localize = useLocalizedPath();
  const settings = useSettings();
  const errorText = useFormErrorText();
  const noteText = useAmountNoteText();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  const [state, send] = useCalculator({ curFrom, curTo, referral, preloaded });
  const { context } = state;
  const { pair, limits, errors } = context;
  const busy = state.hasTag('busy');
  // docs/product.md §8: failed loads are only logged; the form waits (disabled) while they are asked again.
  const starting = state.hasTag('starting');
  // Before hydration the server's form would submit natively (a GET carrying the e-mail and card in the address).
  const hydrated = useHydrated();
  const course = effectiveCourse(context, context.verified);

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (!submitted.current || Object.keys(errors).length === 0) return;
    submitted.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const giveSide = pair?.from;
  const receiveSide = pair?.to;
  const withUnit = (value: Decimal | null | undefined, unit: string | undefined) =>
    value ? `${formatAmount(value, tag)} ${unit ?? ''}`.trim() : undefined;
  const fieldError = (key: string, limit?: string) => errorText(errors[key], { limit });
  const amountNote = noteText(context.amountNote, giveSide?.currency.unit);
  const generalErrors = Object.entries(errors)
    .filter(([key]) => !isFieldKey(key))
    .map(([key, error]) => ({ key, text: errorText(error) }));
  const amountLimit = (key: 'fromSumma' | 'toSumma') => {
    const code = errors[key]?.code;
    if (code === 'below_min') return withUnit(limits?.give.min, giveSide?.currency.unit);
    if (code === 'above_max') return withUnit(limits?.give.max, giveSide?.currency.unit);
    if (code === 'above_reserve') return withUnit(pair?.reserve, receiveSide?.currency.unit);
    return undefined;
  };
  const setRequisite = (side: Side) => (name: string, value: string) => send({ type: 'requisite.changed', side, name, value });
  const leaveRequisite = (side: Side) => (name: string) => send({ type: 'requisite.blurred', side, name });
  const reachRequisite = (side: Side) => (name: string) => send({ type: 'requisite.focused', side, name });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    send({ type: 'submit' });
  };

  return (
    <>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-busy={!hydrated || starting || busy}
        aria-labelledby="exchange-title"
        className="rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="exchange-title" className="sr-only">
          <Trans>Exchange form</Trans>
        </h2>
        {/* Each side as tall as its own fields: no empty box under the shorter one. */}
        <div className="grid items-start gap-4 lg:grid-cols-2 lg:gap-6">
          <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:p-4" disabled={busy}>
            <legend className="float-left mb-1 text-base font-bold text-navy-900">
              <Trans>You give</Trans>
            </legend>
            <CurrencyPicker
              name="from"
              label={t`Currency you give`}
              currencies={giveCurrencies(context)}
              selectedId={context.fromId}
              onSelect={(id) => send({ type: 'from.selected', id })}
              disabled={starting || busy}
            />
            <AmountField
              name="fromSumma"
              label={t`Amount you give`}
              value={amountFieldText(context.giveText, locale)}
              formatted={groupedAmountText(context.giveText, locale)}
              hint={amountNote && <span role="status">{amountNote}</span>}
              unit={giveSide?.currency.unit ?? ''}
              onChange={(value) => send({ type: 'give.changed', value })}
              onBlur={() => send({ type: 'give.blurred' })}
              error={fieldError('fromSumma', amountLimit('fromSumma')) ?? fieldError('fromPs')}
              disabled={!pair}
            />
            {limits && giveSide && <LimitsLine min={limits.give.min} max={limits.give.max} unit={giveSide.currency.unit} decimals={giveSide.roundCalculator} locale={tag} />}
            <RequisiteFields
              side="from"
              fields={visibleFields(giveSide)}
              values={context.requisites.from}
              errors={errors}
              onChange={setRequisite('from')}
              onBlur={leaveRequisite('from')}
              onFocus={reachRequisite('from')}
            />
          </fieldset>

          <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:p-4" disabled={busy}>
            <legend className="float-left mb-1 text-base font-bold text-navy-900">
              <Trans>You receive</Trans>
            </legend>
            <CurrencyPicker
              name="to"
              label={t`Currency you receive`}
              currencies={context.receiveOptions}
              selectedId={context.toId}
              onSelect={(id) => send({ type: 'to.selected', id })}
              disabled={starting || busy}
            />
            <AmountField
              name="toSumma"
              label={t`Amount you receive`}
              value={amountFieldText(context.receiveText, locale)}
              formatted={groupedAmountText(context.receiveText, locale)}
              unit={receiveSide?.currency.unit ?? ''}
              onChange={(value) => send({ type: 'receive.changed', value })}
              onBlur={() => send({ type: 'receive.blurred' })}
              error={fieldError('toSumma', amountLimit('toSumma')) ?? fieldError('toPs')}
              disabled={!pair}
            />
            {limits && receiveSide && pair && (
              <LimitsLine
                min={limits.receive.min}
                max={limits.receive.max}
                reserve={pair.reserve}
                unit={receiveSide.currency.unit}
                decimals={receiveSide.roundCalculator}
                locale={tag}
              />
            )}
            <RequisiteFields
              side="to"
              fields={visibleFields(receiveSide)}
              values={context.requisites.to}
              errors={errors}
              onChange={setRequisite('to')}
              onBlur={leaveRequisite('to')}
              onFocus={reachRequisite('to')}
            />
          </fieldset>
        </div>

        <div className="mt-4 flex min-h-10 flex-wrap items-center justify-between gap-3 border-y border-slate-200 py-3">
          {pair && course && giveSide && receiveSide ? (
            <CourseLine
              course={course}
              from={{ unit: giveSide.currency.unit, decimals: giveSide.roundCalculator }}
              to={{ unit: receiveSide.currency.unit, decimals: receiveSide.roundCalculator }}
              locale={tag}
              updatedAt={context.courseUpdatedAt}
            />
          ) : (
            <p className="text-sm text-slate-600">
              {state.hasTag('loading') ? <Trans>Loading the course…</Trans> : <Trans>This direction is not available now.</Trans>}
            </p>
          )}
          {context.verificationCourse !== null && (
            <VerifiedSwitch
              checked={context.verified}
              onToggle={() => send({ type: 'verified.toggled' })}
              disabled={busy || !state.can({ type: 'verified.toggled' })}
            />
          )}
        </div>

        <fieldset className="mt-4 grid gap-3 sm:grid-cols-2" disabled={busy}>
          <legend className="sr-only">
            <Trans>Contact details and codes</Trans>
          </legend>
          <TextInput
            name="email"
            type="email"
            label={t`E-mail`}
            hint={t`The claim and its status are sent to this address.`}
            autoComplete="email"
            required
            value={context.email}
            onChange={(event) => send({ type: 'email.changed', value: event.target.value })}
            onBlur={() => send({ type: 'email.blurred' })}
            error={fieldError('email')}
            containerClassName="sm:col-span-2"
          />
          <TextInput
            name="promocode"
            label={t`Promo code`}
            autoComplete="off"
            value={context.promocode}
            onChange={(event) => send({ type: 'promocode.changed', value: event.target.value })}
            error={fieldError('promocode')}
          />
          <TextInput
            name="refferal"
            label={t`Referral code`}
            autoComplete="off"
            value={context.referral}
            onChange={(event) => send({ type: 'referral.changed', value: event.target.value })}
            error={fieldError('refferal')}
          />
        </fieldset>

        {context.captchaRequired && (
          <div className="mt-4">
            <Captcha
              siteKey={settings?.captchaSiteKey ?? null}
              token={context.captchaToken}
              onToken={(token) => send({ type: 'captcha.solved', token })}
              error={fieldError('recaptcha')}
            />
          </div>
        )}

        <div className="mt-4">
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              name="agree"
              checked={context.agreed}
              disabled={busy}
              onChange={(event) => send({ type: 'agreement.changed', value: event.target.checked })}
              aria-invalid={errors.agree ? true : undefined}
              aria-describedby={errors.agree ? 'agree-error' : undefined}
              className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-600"
            />
            <span>
              <Trans>
                I accept the{' '}
                <a href={localize('/rules')} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
                  exchange rules
                </a>{' '}
                and the{' '}
                <a href={localize('/aml')} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
                  AML/KYC policy
                </a>
              </Trans>
            </span>
          </label>
          {errors.agree && (
            <p id="agree-error" className="mt-1 text-sm text-red-700">
              {fieldError('agree')}
            </p>
          )}
        </div>

        {generalErrors.length > 0 && (
          <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {generalErrors.map((error) => (
              <p key={error.key}>{error.text}</p>
            ))}
          </div>
        )}

        <Button type="submit" size="big" fullWidth className="mt-5" loading={busy} disabled={!hydrated || (!busy && !state.can({ type: 'submit' }))}>
          <Trans>Exchange</Trans>
        </Button>
      </form>

      <ReservesList reserves={context.reserves} locale={tag} />

      {context.notices[0] && (
        <Suspense fallback={null}>
          <NotificationModal open title={t`Notification`} message={context.notices[0]} onClose={() => send({ type: 'notice.closed' })} />
        </Suspense>
      )}
    </>
  );
}
