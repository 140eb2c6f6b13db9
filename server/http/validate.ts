// Request validation with the shared zod/mini schemas; failures become 400 bodies in the wire's shape
// (docs/architecture.md, "The wire"), `{field: [Text]}` (nested for records such as requisites), translated into the
// request's language by onError.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from './env.ts';
import { fail, fieldErrors, type ErrorBody } from './errors.ts';
import { addError } from '../shared/errors.ts';
import type { Text } from '../i18n/text.ts';
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

const CUSTOM: Record<string, Text> = {
  invalid_decimal: /*i18n*/ { id: 'http.field.decimal', message: 'Enter a valid number.' },
  invalid_round_decimals: /*i18n*/ {
    id: 'http.field.roundDecimals',
    message: 'Decimal places: a whole number from 0 to 18 (empty: 12 significant digits).',
  },
  invalid_max_step: /*i18n*/ {
    id: 'http.field.maxStep',
    message: 'Largest step: a positive percent such as 5 or 2.5 (empty: no limit).',
  },
};

const INVALID_VALUE: Text = /*i18n*/ { id: 'http.field.invalid', message: 'Invalid value.' };

/** One message per issue, by code (zod/mini carries no texts of its own). */
export function issueMessage(issue: Issue, data: unknown): Text {
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(data, issue.path) === undefined) {
        return /*i18n*/ { id: 'http.field.required', message: 'This field is required.' };
      }
      return /*i18n*/ { id: 'http.field.invalidType', message: 'Invalid value type.' };
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') {
        return /*i18n*/ { id: 'http.field.tooLong', message: 'Ensure this value has at most {max} characters.', values: { max } };
      }
      return /*i18n*/ { id: 'http.field.tooBig', message: 'Ensure this value is at most {max}.', values: { max } };
    }
    case 'too_small': {
      if (issue.origin === 'string') return /*i18n*/ { id: 'http.field.blank', message: 'This field may not be blank.' };
      const min = String(issue.minimum);
      return /*i18n*/ { id: 'http.field.tooSmall', message: 'Ensure this value is at least {min}.', values: { min } };
    }
    case 'invalid_value':
      return /*i18n*/ { id: 'http.field.invalidChoice', message: 'Invalid choice.' };
    case 'invalid_format':
      return /*i18n*/ { id: 'http.field.invalidFormat', message: 'Invalid format.' };
    case 'custom':
      return CUSTOM[issue.message] ?? INVALID_VALUE;
    default:
      return INVALID_VALUE;
  }
}

export function issuesToErrors(issues: readonly Issue[], data: unknown): ErrorBody {
  const errors: ErrorBody = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        addError(errors, [...issue.path, key], /*i18n*/ { id: 'http.field.unknown', message: 'Unknown field.' });
      }
      continue;
    }
    if (issue.path.length === 0 && issue.code === 'invalid_type') {
      errors.detail = /*i18n*/ { id: 'http.body.notObject', message: 'Expected a JSON object.' };
      continue;
    }
    addError(errors, issue.path, issueMessage(issue, data));
  }
  return errors;
}

/** Parses `data` with `schema` or throws a 400 with the field errors (translated by onError). */
export function validate<S extends z.core.$ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = z.safeParse(schema, data);
  if (result.success) return result.data as z.infer<S>;
  fieldErrors(issuesToErrors(result.error.issues, data));
}

/** The JSON body of a request, or a 400 `{detail}` when it is not JSON. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    fail(415, /*i18n*/ { id: 'http.body.notJson', message: 'Expected an application/json body.' });
  }
  const raw = await c.req.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    fail(400, /*i18n*/ { id: 'http.body.malformed', message: 'Malformed JSON.' }, 'parse_error');
  }
  const refused = inputErrors(parsed);
  if (refused) fieldErrors(refused);
  return parsed;
}

/** Validates the JSON body of the request. */
export async function jsonBody<S extends z.core.$ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJson(c));
}
