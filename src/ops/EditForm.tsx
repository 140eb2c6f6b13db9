// Editing one record: an Edit button, then its fields with the server's errors under each, Save and Cancel.
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import type { OpsEditValues } from '../../machines/opsEdit.ts';
import { Alert, Field, OpsButton, OpsInput, useErrorText } from './ui.tsx';
import { useMayChange } from './roles.tsx';
import { opsEditSections, useOpsEdit, type OpsEditSave, type OpsEditTarget } from './wiring/edits.ts';

export interface EditField {
  name: string;
  label: string;
  /** A yes/no field is a checkbox whose value is 'true' or 'false'; a list (one item a line) is a text area. */
  kind?: 'text' | 'checkbox' | 'lines';
}

/** Which save (src/ops/wiring/edits.ts) and, for one that changes a record, which record. */
type SaveProps<Save extends OpsEditSave> = { save: Save } & (undefined extends OpsEditTarget<Save>
  ? { target?: undefined }
  : { target: OpsEditTarget<Save> });

type EditFormProps<Save extends OpsEditSave> = SaveProps<Save> & {
  fields: EditField[];
  current: () => OpsEditValues;
  onSaved: () => void;
  editLabel: string;
};

/** Shown only to a role that may change the save's section (src/ops/roles.tsx). */
export function EditForm<Save extends OpsEditSave>(props: EditFormProps<Save>) {
  return useMayChange(opsEditSections[props.save]) ? <AllowedEditForm {...props} /> : null;
}

// The outer props matched the target to its call; here it is only passed on.
type AllowedEditFormProps = Omit<EditFormProps<OpsEditSave>, 'target'> & { target?: unknown };

function AllowedEditForm({ fields, current, save, target, onSaved, editLabel }: AllowedEditFormProps) {
  const errorText = useErrorText();
  const actor = useOpsEdit(save, target as OpsEditTarget<OpsEditSave>, onSaved);
  const { values, errors } = useSelector(actor, (state) => state.context);
  const open = useSelector(actor, (state) => !state.matches('idle'));
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  if (!open) {
    return (
      <OpsButton tone="plain" onClick={() => actor.send({ type: 'edit', values: current() })}>
        {editLabel}
      </OpsButton>
    );
  }
  const general = errorText(errors.detail);
  return (
    <form
      className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 md:grid-cols-4"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'save' });
      }}
    >
      {general ? <div className="md:col-span-4"><Alert>{general}</Alert></div> : null}
      {fields.map((field) =>
        field.kind === 'checkbox' ? (
          <label key={field.name} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={field.name}
              checked={values[field.name] === 'true'}
              onChange={(event) => actor.send({ type: 'field.changed', name: field.name, value: String(event.target.checked) })}
            />
            {field.label}
          </label>
        ) : field.kind === 'lines' ? (
          <div key={field.name} className="md:col-span-4">
            <Field label={field.label} error={errorText(errors[field.name])}>
              <textarea
                name={field.name}
                rows={8}
                spellCheck={false}
                className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-sm"
                value={values[field.name] ?? ''}
                onChange={(event) => actor.send({ type: 'field.changed', name: field.name, value: event.target.value })}
              />
            </Field>
          </div>
        ) : (
          <Field key={field.name} label={field.label} error={errorText(errors[field.name])}>
            <OpsInput
              name={field.name}
              value={values[field.name] ?? ''}
              onChange={(event) => actor.send({ type: 'field.changed', name: field.name, value: event.target.value })}
            />
          </Field>
        ),
      )}
      <div className="flex items-end gap-2">
        <OpsButton type="submit" disabled={busy}><Trans>Save</Trans></OpsButton>
        <OpsButton tone="plain" disabled={busy} onClick={() => actor.send({ type: 'cancel' })}><Trans>Cancel</Trans></OpsButton>
      </div>
    </form>
  );
}
