// The back-office API, mounted at /ops-api/v1/ (Russian) and /ops-api/en/v1/ (English): sign-in is open,
// everything else needs an operator session; every answer is no-store and noindex.
import { Hono } from 'hono';
import { notFoundBody } from '../http/errors.ts';
import { opsAuditRoutes } from './auditRoutes.ts';
import { opsAuthRoutes } from './authRoutes.ts';
import { opsCatalogRoutes } from '../catalogue/opsRoutes.ts';
import { opsChangeRoutes } from './changeRoutes.ts';
import type { ClaimEventHub } from '../claims/events/hub.ts';
import { opsClaimRoutes } from '../claims/opsRoutes.ts';
import { opsEventRoutes } from './queueEventRoutes.ts';
import { opsPaymentRoutes } from '../payments/opsRoutes.ts';
import { opsPromocodeRoutes } from '../catalogue/promocodeOpsRoutes.ts';
import { opsRateRoutes } from '../rates/opsRoutes.ts';
import type { OpsEnv } from './env.ts';
import { opsContext, requireOperator, requireRole, sameOriginOnly } from './guard.ts';
import { opsVerificationRoutes } from '../accounts/verificationOpsRoutes.ts';
import { opsWithdrawalRoutes } from '../accounts/withdrawalOpsRoutes.ts';
import { opsUserRoutes } from '../accounts/userOpsRoutes.ts';

/** `claimEvents`: the instance's live notices (the queue's stream); without it the console polls. */
export function opsApiRoutes(claimEvents?: ClaimEventHub): Hono<OpsEnv> {
  const api = new Hono<OpsEnv>();
  api.use(opsContext, sameOriginOnly);
  api.route('/auth/', opsAuthRoutes);
  const guarded = new Hono<OpsEnv>();
  guarded.use(requireOperator, requireRole);
  if (claimEvents) guarded.route('/queue/', opsEventRoutes(claimEvents));
  guarded.route('/claims/', opsClaimRoutes);
  guarded.route('/verifications/', opsVerificationRoutes);
  guarded.route('/audit/', opsAuditRoutes);
  guarded.route('/withdrawals/', opsWithdrawalRoutes);
  guarded.route('/users/', opsUserRoutes);
  guarded.route('/promocodes/', opsPromocodeRoutes);
  guarded.route('/payments/', opsPaymentRoutes);
  guarded.route('/rates/', opsRateRoutes);
  guarded.route('/changes/', opsChangeRoutes);
  guarded.route('/', opsCatalogRoutes);
  guarded.all('*', (c) => c.json(notFoundBody(c), 404));
  api.route('/', guarded);
  return api;
}
