// Who may change what in the back office. One table for the server (every changing /ops-api/ request is checked
// against it in one middleware) and the console (which hides what the role cannot do). Every role reads everything.
export const OPERATOR_ROLES = ['admin', 'operator', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The console's sections, as the first segment of an /ops-api/v1/ path. */
export type OpsSection =
  | 'claims'
  | 'verifications'
  | 'withdrawals'
  | 'users'
  | 'payments'
  | 'promocodes'
  | 'rates'
  | 'directions'
  | 'reserves'
  | 'settings'
  | 'changes';

/**
 * The roles that may change each section. An admin runs the catalogue, money routes and promo codes and also does
 * the daily work of an operator (a small office may have only admins); the auditor changes nothing.
 */
const CHANGERS: Record<OpsSection, readonly OperatorRole[]> = {
  claims: ['admin', 'operator'],
  verifications: ['admin', 'operator'],
  withdrawals: ['admin', 'operator'],
  users: ['admin', 'operator'],
  payments: ['admin'],
  promocodes: ['admin'],
  rates: ['admin'],
  directions: ['admin'],
  reserves: ['admin'],
  settings: ['admin'],
  changes: ['admin'],
};

export function isOpsSection(segment: string): segment is OpsSection {
  return Object.hasOwn(CHANGERS, segment);
}

export function mayChange(role: OperatorRole, section: OpsSection): boolean {
  return CHANGERS[section].includes(role);
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
