// One operator decision on screen: the choice buttons, then the confirmation with a reason where needed.
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsDecisionChoice } from '../../machines/opsDecision.ts';
import { Alert, Field, OpsButton, useErrorText } from './ui.tsx';
import { useMayChange } from './roles.tsx';
import { opsDecisionSections, useOpsDecision, type OpsDecisionSend, type OpsDecisionTarget } from './wiring/decisions.ts';

export interface DecisionOption extends OpsDecisionChoice {
  label: string;
  tone?: 'primary' | 'plain' | 'danger';
  /** The reason field's label, when the client does not read the reason. */
  reasonLabel?: string;
}

/** Which call (src/ops/wiring/decisions.ts) and, for a decision on a record, which record. */
type SendProps<Send extends OpsDecisionSend> = { send: Send } & (undefined extends OpsDecisionTarget<Send>
  ? { target?: undefined }
  : { target: OpsDecisionTarget<Send> });

type DecisionFormProps<Send extends OpsDecisionSend> = SendProps<Send> & {
  options: DecisionOption[];
  onDecided: () => void;
};

/** Shown only to a role that may change the decision's section (src/ops/roles.tsx). */
export function DecisionForm<Send extends OpsDecisionSend>(props: DecisionFormProps<Send>) {
  return useMayChange(opsDecisionSections[props.send]) ? <AllowedDecisionForm {...props} /> : null;
}

// The outer props matched the target to its call; here it is only passed on.
type AllowedDecisionFormProps = Omit<DecisionFormProps<OpsDecisionSend>, 'target'> & { target?: unknown };

function AllowedDecisionForm({ options, send, target, onDecided }: AllowedDecisionFormProps) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const actor = useOpsDecision(send, target as OpsDecisionTarget<OpsDecisionSend>, onDecided);
  const { choice, reason, errors } = useSelector(actor, (state) => state.context);
  const confirming = useSelector(actor, (state) => !state.matches('idle'));
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const chosen = options.find((option) => option.value === choice?.value);
  const general = errorText(errors.status ?? errors.detail);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <OpsButton
            key={option.value}
            tone={option.tone ?? 'plain'}
            disabled={busy}
            aria-pressed={choice?.value === option.value}
            onClick={() => actor.send({ type: 'choose', choice: { value: option.value, needsReason: option.needsReason } })}
          >
            {option.label}
          </OpsButton>
        ))}
      </div>
      {confirming && chosen ? (
        <form
          className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3"
          aria-busy={busy}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'confirm' });
          }}
        >
          {general ? <Alert>{general}</Alert> : null}
          {chosen.needsReason ? (
            <Field label={chosen.reasonLabel ?? t`Reason (the client will see it)`} error={errorText(errors.reason)}>
              <textarea
                name="reason"
                className="w-full rounded-md border border-slate-300 p-2 text-sm"
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(event) => actor.send({ type: 'reason.changed', value: event.target.value })}
              />
            </Field>
          ) : null}
          <div className="flex gap-2">
            <OpsButton type="submit" tone={chosen.tone ?? 'primary'} disabled={busy}>
              <Trans>Confirm: {chosen.label}</Trans>
            </OpsButton>
            <OpsButton tone="plain" disabled={busy} onClick={() => actor.send({ type: 'cancel' })}>
              <Trans>Cancel</Trans>
            </OpsButton>
          </div>
        </form>
      ) : null}
    </div>
  );
}
