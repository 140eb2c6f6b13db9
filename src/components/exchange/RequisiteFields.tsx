// The requisite inputs of one side: only the fields the pair marks visible, labelled as the pair names them. A card
// number shows its groups of four before anything is typed; the machine keeps what is typed grouped the same way.
import type { FormField } from '../../api/schemas/calculator.ts';
import { CARD_PLACEHOLDER } from '../../domain/cardTyping.ts';
import type { CalculatorErrors, Side } from '../../../machines/calculatorRules.ts';
import { TextInput } from '../ui/TextInput.tsx';
import { useFormErrorText } from '../ui/formErrorText.ts';

const INPUT_MODES: Partial<Record<FormField['check'], 'numeric' | 'tel'>> = { card: 'numeric', phone: 'tel', yoomoney: 'numeric' };
const AUTOCOMPLETE: Partial<Record<FormField['check'], string>> = { card: 'cc-number', phone: 'tel', name: 'name' };

export function RequisiteFields({
  side,
  fields,
  values,
  errors,
  onChange,
  onBlur,
  onFocus,
  disabled,
}: {
  side: Side;
  fields: FormField[];
  values: Record<string, string>;
  errors: CalculatorErrors;
  onChange: (name: string, value: string) => void;
  /** The field was left: the machine checks what was typed at once. */
  onBlur?: (name: string) => void;
  /** The field got the focus: an address field's checksum code starts loading. */
  onFocus?: (name: string) => void;
  disabled?: boolean;
}) {
  const errorText = useFormErrorText();
  if (fields.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {fields.map((field) => (
        <TextInput
          key={field.name}
          name={`${side}Requisites.${field.name}`}
          label={field.label}
          placeholder={field.placeholder || (field.check === 'card' ? CARD_PLACEHOLDER : undefined)}
          value={values[field.name] ?? ''}
          required={field.required}
          inputMode={INPUT_MODES[field.check]}
          autoComplete={AUTOCOMPLETE[field.check] ?? 'off'}
          spellCheck={false}
          disabled={disabled}
          onChange={(event) => onChange(field.name, event.target.value)}
          onBlur={() => onBlur?.(field.name)}
          onFocus={() => onFocus?.(field.name)}
          error={errorText(errors[`${side}Requisites.${field.name}`], { field: field.label })}
        />
      ))}
    </div>
  );
}
