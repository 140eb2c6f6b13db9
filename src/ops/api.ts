// The console's calls to /ops-api/: JSON both ways, the session cookie sent by the browser, errors thrown as
// their DRF body (with `code: 'network_error'` when nothing came back). A 401 tells the session it is gone.
import type { Paged } from '../api/schemas/common.ts';
import type {
  OpsAuditRow,
  OpsClaimCounts,
  OpsClaimDetail,
  OpsClaimRow,
  OpsDirection,
  OpsDirectionUpdate,
  OpsMaintenance,
  OpsOperator,
  OpsPromocode,
  OpsPromocodeCreate,
  OpsReserve,
  OpsSettings,
  OpsSignInRequest,
  OpsVerification,
  OpsWithdrawal,
} from '../api/schemas/ops.ts';
import type {
  OpsAccountCreate,
  OpsAddressImport,
  OpsAddressImported,
  OpsAddressPool,
  OpsReceivingAccount,
} from '../api/schemas/opsPayments.ts';
import type { OpsPendingChange } from '../api/schemas/opsChanges.ts';
import type { OpsUser, OpsUserDecided } from '../api/schemas/opsUsers.ts';
import type { OpsFormulaUpdate, OpsHeldAnswer, OpsRates } from '../api/schemas/opsRates.ts';
import type { OpsQueueQuery, OpsQueueResult } from '../../machines/opsQueue.ts';
import type { OpsLocale } from './locale.ts';

let prefix = '/ops-api/v1';
let onSessionLost: () => void = () => {};

export function configureOpsApi(locale: OpsLocale, sessionLost: () => void): void {
  prefix = locale === 'en' ? '/ops-api/en/v1' : '/ops-api/v1';
  onSessionLost = sessionLost;
}

/** The live queue's event stream (GET queue/events/: a notice whenever claims are created or change). */
export function queueEventsUrl(): string {
  return `${prefix}/queue/events/`;
}

async function call<T>(method: string, path: string, body?: unknown, quietUnauthorized = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${prefix}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw { code: 'network_error' };
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (response.status === 401 && !quietUnauthorized) onSessionLost();
  if (!response.ok) throw data;
  return data as T;
}

function queryString(values: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '' && value !== 0) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const opsApi = {
  me: () => call<OpsOperator>('GET', '/auth/me/', undefined, true),
  signIn: (request: OpsSignInRequest) => call<OpsOperator>('POST', '/auth/sign-in/', request, true),
  signOut: () => call<unknown>('POST', '/auth/sign-out/'),
  async queue(query: OpsQueueQuery): Promise<OpsQueueResult> {
    const { filters } = query;
    const search = queryString({
      page: query.page,
      status: filters.status,
      direction: filters.direction,
      date_from: filters.dateFrom,
      date_to: filters.dateTo,
      q: filters.q,
    });
    const [page, counts] = await Promise.all([
      call<Paged<OpsClaimRow>>('GET', `/claims/${search}`),
      call<OpsClaimCounts>('GET', '/claims/counts/'),
    ]);
    return { page, counts };
  },
  claim: (uuid: string) => call<OpsClaimDetail>('GET', `/claims/${uuid}/`),
  moveClaim: (uuid: string, status: string, reason: string) =>
    call<unknown>('POST', `/claims/${uuid}/move/`, reason ? { status, reason } : { status }),
  recordPayout: (uuid: string, txHash: string) => call<unknown>('POST', `/claims/${uuid}/payout/`, { txHash }),
  verifications: (status: string, page: number) =>
    call<Paged<OpsVerification>>('GET', `/verifications/${queryString({ status, page, size: 50 })}`),
  approveVerification: (uuid: string) => call<unknown>('POST', `/verifications/${uuid}/approve/`),
  rejectVerification: (uuid: string, reason: string) => call<unknown>('POST', `/verifications/${uuid}/reject/`, { reason }),
  directions: () => call<OpsDirection[]>('GET', '/directions/'),
  updateDirection: (id: number, changes: OpsDirectionUpdate) => call<OpsDirection>('PATCH', `/directions/${id}/`, changes),
  rates: () => call<OpsRates>('GET', '/rates/'),
  setFormula: (directionId: number, update: OpsFormulaUpdate) => call<unknown>('PUT', `/rates/${directionId}/formula/`, update),
  removeFormula: (directionId: number) => call<unknown>('DELETE', `/rates/${directionId}/formula/`),
  decideHeld: (directionId: number, answer: OpsHeldAnswer) => call<unknown>('POST', `/rates/${directionId}/held/`, { answer }),
  reserves: () => call<OpsReserve[]>('GET', '/reserves/'),
  setReserve: (code: string, amount: string, expected: string | null) =>
    call<OpsReserve[]>('PUT', `/reserves/${code}/`, { amount, expected }),
  settings: () => call<OpsSettings>('GET', '/settings/'),
  setMaintenance: (value: OpsMaintenance) => call<OpsMaintenance>('PUT', '/settings/maintenance/', value),
  setContest: (active: boolean) => call<unknown>('PUT', '/settings/contest/', { active }),
  withdrawals: (status: string, page: number) =>
    call<Paged<OpsWithdrawal>>('GET', `/withdrawals/${queryString({ status, page, size: 50 })}`),
  decideWithdrawal: (id: number, action: 'pay' | 'reject') => call<unknown>('POST', `/withdrawals/${id}/${action}/`),
  addressPools: () => call<OpsAddressPool[]>('GET', '/payments/addresses/'),
  importAddresses: (body: OpsAddressImport) => call<OpsAddressImported>('POST', '/payments/addresses/', body),
  receivingAccounts: () => call<OpsReceivingAccount[]>('GET', '/payments/accounts/'),
  addReceivingAccount: (body: OpsAccountCreate) => call<OpsReceivingAccount>('POST', '/payments/accounts/', body),
  disableReceivingAccount: (id: number) => call<unknown>('POST', `/payments/accounts/${id}/disable/`),
  pendingChanges: () => call<OpsPendingChange[]>('GET', '/changes/'),
  decideChange: (id: number, decision: 'approve' | 'reject') => call<OpsPendingChange>('POST', `/changes/${id}/${decision}/`),
  users: (filters: Record<string, string>, page: number) =>
    call<Paged<OpsUser>>('GET', `/users/${queryString({ q: filters.q ?? '', blocked: filters.blocked ?? '', page, size: 20 })}`),
  decideUser: (id: number, action: 'block' | 'unblock' | 'logout', reason: string) =>
    call<OpsUserDecided>('POST', `/users/${id}/${action}/`, action === 'block' ? { reason } : undefined),
  promocodes: () => call<OpsPromocode[]>('GET', '/promocodes/'),
  createPromocode: (body: OpsPromocodeCreate) => call<unknown>('POST', '/promocodes/', body),
  audit: (filters: Record<string, string>, page: number) =>
    call<Paged<OpsAuditRow>>('GET', `/audit/${queryString({ ...filters, page, size: 50 })}`),
};
