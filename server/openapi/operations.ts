// Every operation of the public, account and partner APIs and the rates export, described once: method, path, what
// it does, and the zod schemas of the wire contract (src/api/schemas) it takes and answers. The OpenAPI document is
// generated from this list, and tests/server/openapi.test.ts holds it equal to the routes the app really serves.
import * as z from 'zod/mini';
import {
  courseResponse,
  currencyList,
  directionsResponse,
  pairResponse,
  reservesResponse,
  settingsResponse,
  techResponse,
} from '../../src/api/schemas/calculator.ts';
import {
  billResponse,
  captchaCheckResponse,
  claimForm,
  claimListItem,
  claimRequisite,
  claimStatusResponse,
  createClaimRequest,
  createClaimResponse,
} from '../../src/api/schemas/claim.ts';
import { detailResponse, paged } from '../../src/api/schemas/common.ts';
import { newsItem } from '../../src/api/schemas/news.ts';
import { partnerClaim, partnerDirections } from '../../src/api/schemas/partner.ts';
import { statusResponse } from '../../src/api/schemas/status.ts';
import {
  accessResponse,
  countResponse,
  loginRequest,
  passwordChangeRequest,
  promocode,
  reactivateByEmailRequest,
  reactivateRequest,
  referralBalance,
  referralMovement,
  resetRequest,
  restoreRequest,
  signupRequest,
  user,
  withdrawal,
  withdrawalRequest,
} from '../../src/api/schemas/user.ts';
import {
  confirmVerificationRequest,
  uploadResponse,
  verification,
  verificationInputs,
  verificationRequest,
  verificationStatusResponse,
} from '../../src/api/schemas/verification.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Audience = 'public' | 'account' | 'partner' | 'monitors';

export interface Operation {
  method: Method;
  /** OpenAPI style: /api/v1/claim/{uuid}/form/. */
  path: string;
  summary: string;
  audience: Audience;
  request?: z.core.$ZodType;
  /** The success answer's body; a string: its media type (a file or a document, no JSON schema). */
  response?: z.core.$ZodType | 'application/xml' | 'text/html' | 'application/json';
  status?: 200 | 201 | 204;
  /** Uploads send multipart/form-data. */
  multipart?: boolean;
}

const op = (
  method: Method,
  path: string,
  audience: Audience,
  summary: string,
  details: Omit<Operation, 'method' | 'path' | 'summary' | 'audience'> = {},
): Operation => ({ method, path, audience, summary, ...details });

export const OPERATIONS: Operation[] = [
  // Calculator and catalogue.
  op('get', '/api/v1/calculator/', 'public', 'Every give currency with the currencies it trades into', {
    response: directionsResponse,
  }),
  op('get', '/api/v1/calculator/from/', 'public', 'Currencies that can be given', { response: currencyList }),
  op('get', '/api/v1/calculator/from/{from}/', 'public', 'Currencies a give currency trades into', {
    response: currencyList,
  }),
  op('get', '/api/v1/calculator/pair/{from}/{to}/', 'public', 'A direction: course, limits, fields', {
    response: pairResponse,
  }),
  op('get', '/api/v1/calculator/course/{from}/{to}/', 'public', "A direction's course", { response: courseResponse }),
  op('get', '/api/v1/calculator/reserves/', 'public', 'Available reserve per currency', { response: reservesResponse }),
  op('get', '/api/v1/calculator/tech/', 'public', 'Maintenance switch and message', { response: techResponse }),
  op('get', '/api/v1/calculator/settings/', 'public', 'Public settings of the site', { response: settingsResponse }),
  op('get', '/api/v1/status/', 'public', 'Each direction offered or paused, and why', { response: statusResponse }),
  // Claims.
  op('post', '/api/v1/claim/', 'public', 'Create a claim (Idempotency-Key honoured)', {
    request: createClaimRequest,
    response: createClaimResponse,
    status: 201,
  }),
  op('get', '/api/v1/claim/captchacheck', 'public', 'Whether claims need a captcha', {
    response: captchaCheckResponse,
  }),
  op('get', '/api/v1/claim/{uuid}/form/', 'public', 'A claim as its page shows it', { response: claimForm }),
  op('get', '/api/v1/claim/{uuid}/requisite/', 'public', 'Where to pay the claim', { response: claimRequisite }),
  op('get', '/api/v1/claim/{uuid}/status/', 'public', "A claim's status", { response: claimStatusResponse }),
  op('get', '/api/v1/claim/{uuid}/events/', 'public', "A claim's changes as server-sent events", {
    response: 'application/json',
  }),
  op('post', '/api/v1/claim/{uuid}/confirm/', 'public', 'The client reports the payment'),
  op('post', '/api/v1/claim/{uuid}/cancel/', 'public', 'The client cancels the claim'),
  op('post', '/api/v1/claim/{uuid}/bill/', 'public', 'Upload the payment receipt', {
    response: billResponse,
    multipart: true,
  }),
  // News.
  op('get', '/api/v1/news/', 'public', 'News and service updates, a page', { response: paged(newsItem) }),
  op('get', '/api/v1/news/archive/news/', 'public', 'Archived news, a page', { response: paged(newsItem) }),
  op('get', '/api/v1/news/archive/updates/', 'public', 'Archived updates, a page', { response: paged(newsItem) }),
  op('get', '/api/v1/news/{slug}/', 'public', 'One news item', { response: newsItem }),
  // Sessions and accounts.
  op('post', '/front-api/auth/login/', 'account', 'Sign in: an access token, the refresh token as a cookie', {
    request: loginRequest,
    response: accessResponse,
  }),
  op('post', '/front-api/auth/refresh/', 'account', 'Rotate the refresh cookie for a new access token', {
    response: accessResponse,
  }),
  op('post', '/front-api/auth/logout/', 'account', 'End the session', { status: 204 }),
  op('post', '/api/v1/users/signup/', 'account', 'Create an account', { request: signupRequest, status: 201 }),
  op('post', '/api/v1/users/activate/{token}/', 'account', 'Activate an account from the mailed link', {
    response: detailResponse,
  }),
  op('post', '/api/v1/users/reactivate/', 'account', 'Mail the activation link again', {
    request: reactivateRequest,
    response: detailResponse,
  }),
  op('post', '/api/v1/users/reactivate/email/', 'account', 'Mail the activation link again to an address awaiting activation (no sign-in)', {
    request: reactivateByEmailRequest,
    response: detailResponse,
  }),
  op('post', '/api/v1/users/restore/', 'account', 'Mail a password reset link', {
    request: restoreRequest,
    response: detailResponse,
  }),
  op('post', '/api/v1/users/restore/{token}/', 'account', 'Set a new password from the mailed link', {
    request: resetRequest,
    response: detailResponse,
  }),
  op('get', '/api/v1/users/me/', 'account', 'The signed-in account', { response: user }),
  op('post', '/api/v1/users/me/password/', 'account', 'Change the password', {
    request: passwordChangeRequest,
    response: detailResponse,
  }),
  op('get', '/api/v1/users/me/claims/', 'account', "The account's claims, a page", { response: paged(claimListItem) }),
  op('get', '/api/v1/users/me/promocodes/', 'account', "The account's promo codes", { response: z.array(promocode) }),
  op('get', '/api/v1/users/me/refferal/', 'account', 'Referral balance', { response: referralBalance }),
  op('get', '/api/v1/users/me/refferal/dw/', 'account', 'Referral movements, a page', {
    response: paged(referralMovement),
  }),
  op('get', '/api/v1/users/me/refferal/dw/count/', 'account', 'How many referral movements', {
    response: countResponse,
  }),
  op('get', '/api/v1/users/me/refferal/withdrawal/', 'account', 'Withdrawals, a page', { response: paged(withdrawal) }),
  op('post', '/api/v1/users/me/refferal/withdrawal/', 'account', 'Ask for a withdrawal', {
    request: withdrawalRequest,
    response: withdrawal,
    status: 201,
  }),
  // Card verification.
  op('get', '/api/v1/verify/', 'account', "The account's card verifications", { response: z.array(verification) }),
  op('post', '/api/v1/verify/', 'account', 'Start a card verification', {
    request: verificationRequest,
    response: verification,
    status: 201,
  }),
  op('get', '/api/v1/verify/inputs/', 'account', 'What a verification asks for', { response: verificationInputs }),
  op('get', '/api/v1/verify/{id}/', 'account', 'One verification', { response: verification }),
  op('put', '/api/v1/verify/{id}/', 'account', 'Change a draft verification', {
    request: verificationRequest,
    response: verification,
  }),
  op('delete', '/api/v1/verify/{id}/', 'account', 'Delete a draft verification', { status: 204 }),
  op('get', '/api/v1/verify/{id}/status/', 'account', "A verification's status", {
    response: verificationStatusResponse,
  }),
  op('post', '/api/v2/verify/upload/', 'account', 'Upload a card photo', { response: uploadResponse, multipart: true }),
  op('post', '/api/v2/verify/confirm/', 'account', 'Send the verification for review', {
    request: confirmVerificationRequest,
    response: verificationStatusResponse,
  }),
  // Partners.
  op('get', '/api/partner/v1/directions/', 'partner', 'Directions as the rates export publishes them', {
    response: partnerDirections,
  }),
  op('post', '/api/partner/v1/claims/', 'partner', 'Create a claim (Idempotency-Key required)', {
    request: createClaimRequest,
    response: createClaimResponse,
    status: 201,
  }),
  op('get', '/api/partner/v1/claims/{uuid}/', 'partner', "One of the partner's claims", { response: partnerClaim }),
  // Rate monitors and this description.
  op('get', '/export/rates.xml', 'monitors', "Rates in BestChange's export format 1.1", {
    response: 'application/xml',
  }),
  op('get', '/export/rates.json', 'monitors', 'The same items as JSON', { response: 'application/json' }),
  op('get', '/api/openapi.json', 'public', 'This description (OpenAPI 3.1)', { response: 'application/json' }),
  op('get', '/api/docs/', 'partner', 'This description as a page', { response: 'text/html' }),
];
