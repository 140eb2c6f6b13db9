// Request validation with the shared zod/mini schemas; failures become DRF-shaped 400 bodies
// `{field: ["message"]}` (nested for records such as requisites) in the request's language.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from './env.ts';
import { fail, fieldErrors, type ErrorBody } from './errors.ts';
import { addError } from '../shared/errors.ts';
import { format, tr, type Locale } from '../i18n/texts.ts';
import { inputErrors } from './inputRule.ts';

type Issue = z.core.$ZodIssue;

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const CUSTOM: Record<string, { ru: string; en: string }> = {
  invalid_decimal: { ru: 'Введите число.', en: 'Enter a valid number.' },
  invalid_round_decimals: {
    ru: 'Знаков после запятой: целое число от 0 до 18 (пусто — 12 значащих цифр).',
    en: 'Decimal places: a whole number from 0 to 18 (empty: 12 significant digits).',
  },
  invalid_max_step: {
    ru: 'Наибольший шаг: положительный процент, например 5 или 2.5 (пусто — без предела).',
    en: 'Largest step: a positive percent such as 5 or 2.5 (empty: no limit).',
  },
};

/** One message per issue, by code (zod/mini carries no texts of its own). */
export function issueMessage(issue: Issue, data: unknown, locale: Locale): string {
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(data, issue.path) === undefined) {
        return tr(locale, { ru: 'Обязательное поле.', en: 'This field is required.' });
      }
      return tr(locale, { ru: 'Неверный тип значения.', en: 'Invalid value type.' });
    case 'too_big':
      if (issue.origin === 'string') {
        return format(
          tr(locale, {
            ru: 'Убедитесь, что это значение содержит не более {n} символов.',
            en: 'Ensure this value has at most {n} characters.',
          }),
          { n: String(issue.maximum) },
        );
      }
      return format(
        tr(locale, { ru: 'Значение должно быть не больше {n}.', en: 'Ensure this value is at most {n}.' }),
        {
          n: String(issue.maximum),
        },
      );
    case 'too_small':
      if (issue.origin === 'string')
        return tr(locale, { ru: 'Поле не может быть пустым.', en: 'This field may not be blank.' });
      return format(
        tr(locale, { ru: 'Значение должно быть не меньше {n}.', en: 'Ensure this value is at least {n}.' }),
        {
          n: String(issue.minimum),
        },
      );
    case 'invalid_value':
      return tr(locale, { ru: 'Недопустимое значение.', en: 'Invalid choice.' });
    case 'invalid_format':
      return tr(locale, { ru: 'Неверный формат.', en: 'Invalid format.' });
    case 'custom': {
      const known = CUSTOM[issue.message];
      return known ? known[locale] : tr(locale, { ru: 'Недопустимое значение.', en: 'Invalid value.' });
    }
    default:
      return tr(locale, { ru: 'Недопустимое значение.', en: 'Invalid value.' });
  }
}

export function issuesToErrors(issues: readonly Issue[], data: unknown, locale: Locale): ErrorBody {
  const errors: ErrorBody = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        addError(errors, [...issue.path, key], tr(locale, { ru: 'Неизвестное поле.', en: 'Unknown field.' }));
      }
      continue;
    }
    if (issue.path.length === 0 && issue.code === 'invalid_type') {
      errors.detail = tr(locale, { ru: 'Ожидался JSON-объект.', en: 'Expected a JSON object.' });
      continue;
    }
    addError(errors, issue.path, issueMessage(issue, data, locale));
  }
  return errors;
}

/** Parses `data` with `schema` or throws a 400 with the field errors in the caller's language. */
export function validate<S extends z.core.$ZodType>(schema: S, data: unknown, locale: Locale): z.infer<S> {
  const result = z.safeParse(schema, data);
  if (result.success) return result.data as z.infer<S>;
  fieldErrors(issuesToErrors(result.error.issues, data, locale));
}

/** The JSON body of a request, or a 400 `{detail}` when it is not JSON. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const locale = c.get('locale');
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    fail(415, tr(locale, { ru: 'Ожидался запрос в формате JSON.', en: 'Expected an application/json body.' }));
  }
  const raw = await c.req.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    fail(400, tr(locale, { ru: 'Некорректный JSON.', en: 'Malformed JSON.' }), 'parse_error');
  }
  const refused = inputErrors(parsed, locale);
  if (refused) fieldErrors(refused);
  return parsed;
}

/** Validates the JSON body of the request. */
export async function jsonBody<S extends z.core.$ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJson(c), c.get('locale'));
}
