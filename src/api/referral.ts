// Referral programme calls of the signed-in user: balance, earnings/withdrawals history, withdrawals, promo codes.
import { api } from './client.ts';
import { paged, type Paged } from './schemas/common.ts';
import {
  countResponse,
  promocode,
  referralBalance,
  referralMovement,
  withdrawal,
  type Promocode,
  type ReferralBalance,
  type ReferralMovement,
  type Withdrawal,
  type WithdrawalRequest,
} from './schemas/user.ts';
import * as z from 'zod/mini';

/** ISO dates `YYYY-MM-DD`; an empty bound is left out. */
export interface DateRange {
  dateFrom?: string;
  dateTo?: string;
}

export interface PageQuery {
  page: number;
  size: number;
}

function rangeParams(range: DateRange): Record<string, string> {
  const params: Record<string, string> = {};
  if (range.dateFrom) params.date_from = range.dateFrom;
  if (range.dateTo) params.date_to = range.dateTo;
  return params;
}

const movementPage = paged(referralMovement);
const withdrawalPage = paged(withdrawal);
const promocodeList = z.array(promocode);

export async function getReferralBalance(): Promise<ReferralBalance> {
  return referralBalance.parse(await api.get('/api/v1/users/me/refferal/').json());
}

export async function listReferralMovements(query: PageQuery & DateRange): Promise<Paged<ReferralMovement>> {
  const searchParams = { page: String(query.page), size: String(query.size), ...rangeParams(query) };
  return movementPage.parse(await api.get('/api/v1/users/me/refferal/dw/', { searchParams }).json());
}

export async function countReferralMovements(range: DateRange): Promise<number> {
  const body = countResponse.parse(await api.get('/api/v1/users/me/refferal/dw/count/', { searchParams: rangeParams(range) }).json());
  return body.count;
}

export async function listWithdrawals(query: PageQuery): Promise<Paged<Withdrawal>> {
  const searchParams = { page: String(query.page), size: String(query.size) };
  return withdrawalPage.parse(await api.get('/api/v1/users/me/refferal/withdrawal/', { searchParams }).json());
}

export async function createWithdrawal(request: WithdrawalRequest): Promise<Withdrawal> {
  return withdrawal.parse(await api.post('/api/v1/users/me/refferal/withdrawal/', { json: request }).json());
}

export async function listPromocodes(): Promise<Promocode[]> {
  return promocodeList.parse(await api.get('/api/v1/users/me/promocodes/').json());
}
