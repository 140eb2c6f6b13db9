// The claim page through its flow's seam: the real claimPayment machine with fake claim calls provided through
// ClaimPaymentProvider (no module mocking), checked by what the client sees and which calls their clicks make.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { claimPaymentMachine, type LoadedClaim } from '../../../../machines/claimPayment.ts';
import type { Currency } from '../../../../src/api/schemas/calculator.ts';
import type { ClaimStatusResponse } from '../../../../src/api/schemas/claim.ts';
import { ClaimPaymentProvider } from '../../../../src/flows/claimPayment.ts';
import type { ClaimStatus } from '../../../../src/domain/claimStatus.ts';
import ClaimPage from '../../../../src/pages/claim/ClaimPage.tsx';
import { serveSettings, settings } from '../../layout/fakeSettings.ts';
import { renderWithI18n } from '../../render.tsx';

const UUID = '6a1c1b0e-0000-4000-8000-000000000001';
const BTC: Currency = { id: 1, code: 'BTC', name: 'Bitcoin', network: 'BTC', kind: 'crypto', unit: 'BTC', icon: 'btc' };
const SBER: Currency = { id: 2, code: 'SBERRUB', name: 'Sberbank', network: null, kind: 'card', unit: 'RUB', icon: 'sber' };
const ADDRESS = 'bc1qexampleexampleexample';

function answer(status: ClaimStatus, mayChange = true): ClaimStatusResponse {
  const now = new Date().toISOString();
  return {
    status,
    deadline: new Date(Date.now() + 15 * 60_000).toISOString(),
    serverTime: now,
    reason: null,
    billUploaded: false,
    history: [{ status, at: now }],
    repricing: null,
    mayChange,
  };
}

function loaded(status: ClaimStatus, mayChange = true): LoadedClaim {
  const reply = answer(status, mayChange);
  return {
    form: {
      uuid: UUID,
      status,
      email: 'client@example.com',
      from: { currency: BTC, summa: '0.01', requisites: {} },
      to: { currency: SBER, summa: '90000.00', requisites: { card: '4111111111111111' } },
      course: '9000000',
      withVerificationCourse: false,
      promocode: null,
      createdAt: reply.serverTime,
      deadline: reply.deadline,
      serverTime: reply.serverTime,
      owner: mayChange,
    },
    requisite: {
      currency: BTC,
      summa: '0.01',
      payTo: [{ name: 'address', label: 'Address', value: ADDRESS }],
      qr: null,
      comment: null,
      paymentComment: null,
    },
    status: reply,
  };
}

/** The claim page's machine with its calls answered here; `calls` records the changing ones. */
function fakeClaim(load: () => Promise<LoadedClaim>) {
  const calls: string[] = [];
  const logic = claimPaymentMachine.provide({
    actors: {
      loadClaim: fromPromise(load),
      // The status read never answers, and the live feed never says the claim changed: the page shows what
      // the calls above answered.
      loadStatus: fromPromise(() => new Promise<ClaimStatusResponse>(() => {})),
      liveFeed: fromCallback(() => {}),
      confirmPayment: fromPromise(async ({ input }: { input: { uuid: string } }) => {
        calls.push(`confirm ${input.uuid}`);
        return answer('paid');
      }),
      cancelClaim: fromPromise(async ({ input }: { input: { uuid: string } }) => {
        calls.push(`cancel ${input.uuid}`);
        return answer('canceled');
      }),
    },
    actions: { logError: () => undefined },
  });
  return { logic, calls };
}

function renderClaimPage(logic: ReturnType<typeof fakeClaim>['logic'], locale: 'ru' | 'en' = 'en') {
  const prefix = locale === 'en' ? '/en' : '';
  return renderWithI18n(
    <ClaimPaymentProvider logic={logic}>
      <Route path={`${prefix}/claim/:uuid`}>
        <ClaimPage />
      </Route>
    </ClaimPaymentProvider>,
    { locale, path: `${prefix}/claim/${UUID}` },
  );
}

beforeEach(() => serveSettings(settings({ contest: null, contestStatus: false })));
afterEach(() => vi.unstubAllGlobals());

// The first render loads the page's lazy pieces: slow on a loaded machine.
describe('ClaimPage', { timeout: 20_000 }, () => {
  it('shows a claim awaiting payment with where to pay', async () => {
    const { logic } = fakeClaim(async () => loaded('awaiting_payment'));
    renderClaimPage(logic);
    expect(await screen.findByTestId('claim-status', {}, { timeout: 4_000 })).toHaveAttribute('data-status', 'awaiting_payment');
    expect(screen.getAllByText(ADDRESS).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeEnabled();
  });

  it('shows the payments the chain watcher saw, with their confirmations and an explorer link', async () => {
    const claim = loaded('awaiting_payment');
    const deposit = {
      txHash: 'ab'.repeat(32),
      amount: '0.01',
      confirmations: 0,
      required: 2,
      status: 'seen' as const,
      counted: false,
      firstSeenAt: claim.status.serverTime,
      explorerUrl: `https://mempool.space/tx/${'ab'.repeat(32)}`,
    };
    const { logic } = fakeClaim(async () => ({ ...claim, status: { ...claim.status, deposits: [deposit] } }));
    renderClaimPage(logic);
    const seen = await screen.findByTestId('claim-deposit', {}, { timeout: 4_000 });
    expect(seen).toHaveAttribute('data-confirmations', '0/2');
    expect(seen).toHaveTextContent('0.01 BTC');
    expect(seen).toHaveTextContent('Payment seen, 0 of 2 confirmations');
    expect(within(seen).getByRole('link', { name: deposit.txHash })).toHaveAttribute('href', deposit.explorerUrl);
  });

  it('asks before reporting the payment, then reports it once and shows the new status', async () => {
    const { logic, calls } = fakeClaim(async () => loaded('awaiting_payment'));
    renderClaimPage(logic);
    await userEvent.click(await screen.findByRole('button', { name: 'I have paid' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, I have paid' }));
    await waitFor(() => expect(screen.getByTestId('claim-status')).toHaveAttribute('data-status', 'paid'));
    expect(calls).toEqual([`confirm ${UUID}`]);
  });

  it('keeps the claim when the client changes their mind about cancelling', async () => {
    const { logic, calls } = fakeClaim(async () => loaded('new'));
    renderClaimPage(logic);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the request' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(screen.getByTestId('claim-status')).toHaveAttribute('data-status', 'new');
  });

  it('cancels after the confirmation', async () => {
    const { logic, calls } = fakeClaim(async () => loaded('new'));
    renderClaimPage(logic);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the request' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    await waitFor(() => expect(screen.getByTestId('claim-status')).toHaveAttribute('data-status', 'canceled'));
    expect(calls).toEqual([`cancel ${UUID}`]);
  });

  // The statuses of src/domain/claimStatus.ts RECEIPT_STATUSES, where the server takes a receipt, and some where it refuses one.
  describe.each([
    { locale: 'en' as const, heading: 'Payment receipt' },
    { locale: 'ru' as const, heading: 'Чек об оплате' },
  ])('the receipt upload ($locale)', ({ locale, heading }) => {
    it.each(['awaiting_payment', 'paid'] as const)('is offered while the claim is %s', async (status) => {
      const { logic } = fakeClaim(async () => loaded(status));
      renderClaimPage(logic, locale);
      expect(await screen.findByRole('heading', { name: heading }, { timeout: 4_000 })).toBeInTheDocument();
    });

    it.each(['processing', 'on_hold', 'needs_verification', 'payment_error'] as const)(
      'is not offered once the claim is %s, where the server refuses it',
      async (status) => {
        const { logic } = fakeClaim(async () => loaded(status));
        renderClaimPage(logic, locale);
        expect(await screen.findByTestId('claim-status', {}, { timeout: 4_000 })).toHaveAttribute('data-status', status);
        expect(screen.queryByRole('heading', { name: heading })).toBeNull();
      },
    );
  });

  describe.each([
    {
      locale: 'en' as const,
      pay: 'I have paid',
      receipt: 'Payment receipt',
      sentence: /Only the creator of this request can report the payment.*open it in the browser it was created in.*write to support/s,
      support: 'write to support',
    },
    {
      locale: 'ru' as const,
      pay: 'Я оплатил',
      receipt: 'Чек об оплате',
      sentence: /Сообщить об оплате, отменить заявку или отправить чек может только тот, кто её создал.*откройте её в браузере.*напишите в поддержку/s,
      support: 'напишите в поддержку',
    },
  ])('someone holding the link who did not create the claim ($locale)', ({ locale, pay, receipt, sentence, support }) => {
    it('sees why nothing can be changed and where to turn, instead of the buttons and the receipt upload', async () => {
      const { logic, calls } = fakeClaim(async () => loaded('awaiting_payment', false));
      renderClaimPage(logic, locale);
      const notice = await screen.findByTestId('claim-owner-only', {}, { timeout: 4_000 });
      expect(notice).toHaveTextContent(sentence);
      expect(within(notice).getByRole('link', { name: support })).toHaveAttribute('href', `${locale === 'en' ? '/en' : ''}/contacts`);
      expect(screen.queryByRole('button', { name: pay })).toBeNull();
      expect(screen.queryByRole('heading', { name: receipt })).toBeNull();
      expect(calls).toEqual([]);
    });
  });

  describe.each([
    { locale: 'en' as const, note: /Already sent the money\? It is not lost: a payment that arrives after the request was canceled/, support: 'contact support', again: 'New exchange' },
    { locale: 'ru' as const, note: /Уже отправили деньги\? Они не потеряются: платёж, пришедший после отмены заявки/, support: 'напишите в поддержку', again: 'Новый обмен' },
  ])('a canceled claim ($locale)', ({ locale, note, support, again }) => {
    it('says what to do if the money was already sent, and offers a new exchange', async () => {
      const { logic } = fakeClaim(async () => loaded('canceled'));
      renderClaimPage(logic, locale);
      const shown = await screen.findByTestId('claim-canceled-paid', {}, { timeout: 4_000 });
      expect(shown).toHaveTextContent(note);
      expect(shown).toHaveTextContent(UUID.slice(0, 8).toUpperCase());
      expect(within(shown).getByRole('link', { name: support })).toHaveAttribute('href', `${locale === 'en' ? '/en' : ''}/contacts`);
      expect(screen.getByRole('link', { name: again })).toBeInTheDocument();
    });
  });

  it('says so when there is no such claim', async () => {
    const { logic } = fakeClaim(async () => Promise.reject({ retryable: false, notFound: true }));
    renderClaimPage(logic);
    expect(await screen.findByText('There is no request at this address. Check the link from the e-mail.', {}, { timeout: 4_000 })).toBeInTheDocument();
  });
});
