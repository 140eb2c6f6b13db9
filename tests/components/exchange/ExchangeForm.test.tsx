// The exchange form through its flow's seam: the real calculator machine with fake calls provided through
// CalculatorProvider (no module mocking), checked by what a visitor sees and what reaches the machine's calls.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { calculatorMachine } from '../../../machines/calculator.ts';
import type {
  CourseResponse,
  Currency,
  DirectionsResponse,
  FormField,
  PairResponse,
  Reserve,
  SettingsResponse,
} from '../../../src/api/schemas/calculator.ts';
import type { CreateClaimRequest } from '../../../src/api/schemas/claim.ts';
import type { User } from '../../../src/api/schemas/user.ts';
import { CalculatorProvider } from '../../../src/flows/calculator.ts';
import ExchangeForm from '../../../src/components/exchange/ExchangeForm.tsx';
import { demoUser, fakeSession, withSession } from '../auth/sessionFixture.tsx';
import { serveSettings, settings as shellSettings } from '../layout/fakeSettings.ts';
import { renderWithI18n } from '../render.tsx';

function currency(id: number, code: string, kind: Currency['kind'], unit: string): Currency {
  return { id, code, name: code, network: kind === 'crypto' ? code : null, kind, unit, icon: code.toLowerCase() };
}

const BTC = currency(1, 'BTC', 'crypto', 'BTC');
const SBER = currency(2, 'SBERRUB', 'card', 'RUB');
const DIRECTIONS: DirectionsResponse = { currencies: [BTC, SBER], directions: [{ id: 1, ids: [2] }] };

function field(name: string, check: FormField['check'], visible = true, required = true): FormField {
  return { name, label: name === 'card' ? 'Card number' : name, placeholder: '', check, visible, required };
}

const PAIR: PairResponse = {
  course: '9000000',
  verificationCourse: null,
  bonus: '0',
  reserve: '50000000',
  updatedAt: '2026-11-22T12:00:00Z',
  from: {
    currency: BTC,
    min: '0.001',
    minVerification: null,
    max: '1',
    roundCalculator: 8,
    notify: null,
    structure: { input: [], currency: [], network: [] },
  },
  to: {
    currency: SBER,
    min: null,
    minVerification: null,
    max: null,
    roundCalculator: 2,
    notify: null,
    structure: { input: [field('card', 'card')], currency: [], network: [] },
  },
};

const SETTINGS: SettingsResponse = shellSettings({ contest: null, contestStatus: false });
const RESERVES: Reserve[] = [{ id: 2, currency: SBER, amount: '50000000' }];

/** The calculator with every call answered from the fixtures above; claims are recorded and answered by `claimAnswer`. */
function fakeCalculator(claimAnswer: (request: CreateClaimRequest) => Promise<string>, pair: PairResponse = PAIR) {
  const created: CreateClaimRequest[] = [];
  const logic = calculatorMachine.provide({
    actors: {
      loadDirections: fromPromise(async () => DIRECTIONS),
      loadSettings: fromPromise(async () => SETTINGS),
      loadReceiveOptions: fromPromise(async () => [SBER]),
      loadPair: fromPromise(async () => pair),
      loadCourse: fromPromise(
        async (): Promise<CourseResponse> => ({ course: '9000000', verificationCourse: pair.verificationCourse, updatedAt: '2026-11-22T12:00:00Z' }),
      ),
      loadReserves: fromPromise(async () => RESERVES),
      createClaim: fromPromise<string, CreateClaimRequest>(({ input }) => {
        created.push(input);
        return claimAnswer(input);
      }),
    },
    actions: { logError: () => undefined },
  });
  return { logic, created };
}

function renderForm(
  logic: ReturnType<typeof fakeCalculator>['logic'],
  { user = null, locale = 'en' }: { user?: User | null; locale?: 'ru' | 'en' } = {},
) {
  const { actor } = fakeSession({ user });
  return renderWithI18n(
    withSession(
      <CalculatorProvider logic={logic}>
        <ExchangeForm curFrom={null} curTo={null} referral={null} />
      </CalculatorProvider>,
      actor,
    ),
    { locale, path: locale === 'en' ? '/en' : '/' },
  );
}

beforeEach(() => serveSettings(SETTINGS));
afterEach(() => vi.unstubAllGlobals());

// The first render loads the language's catalog and the form's lazy pieces: slow on a loaded machine.
describe('ExchangeForm', { timeout: 20_000 }, () => {
  it('shows the loaded pair: its course and the fields of the receive side', async () => {
    const { logic } = fakeCalculator(async () => 'never');
    renderForm(logic);
    expect(await screen.findByLabelText(/Card number/, {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount you give')).toBeEnabled();
    expect(screen.getByTestId('course-line')).toHaveTextContent('1 BTC = 9,000,000 RUB');
    expect(screen.getByRole('button', { name: 'Exchange' })).toBeInTheDocument();
  });

  it('refuses an incomplete form with its errors and calls nothing', async () => {
    const { logic, created } = fakeCalculator(async () => 'never');
    renderForm(logic);
    await screen.findByLabelText(/Card number/, {}, { timeout: 4_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/Card number/)).toHaveAttribute('aria-invalid', 'true');
    expect(created).toEqual([]);
  });

  it('sends what the visitor typed as one claim and goes to its page', async () => {
    const { logic, created } = fakeCalculator(async () => '6a1c1b0e-0000-4000-8000-000000000001');
    const { location } = renderForm(logic);
    await screen.findByLabelText(/Card number/, {}, { timeout: 4_000 });
    await userEvent.clear(screen.getByLabelText('Amount you give'));
    await userEvent.type(screen.getByLabelText('Amount you give'), '0.01');
    await waitFor(() => expect(screen.getByLabelText('Amount you receive')).toHaveValue('90,000.00'));
    await userEvent.type(screen.getByLabelText(/Card number/), '4111 1111 1111 1111');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'client@example.com');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ email: 'client@example.com', fromSumma: '0.01', toSumma: '90000.00' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/en/claim/6a1c1b0e-0000-4000-8000-000000000001'));
  });

  it("shows the server's refusal under the field it names", async () => {
    const { logic } = fakeCalculator(async () => Promise.reject({ email: ['This address cannot receive mail.'] }));
    renderForm(logic);
    await screen.findByLabelText(/Card number/, {}, { timeout: 4_000 });
    await userEvent.clear(screen.getByLabelText('Amount you give'));
    await userEvent.type(screen.getByLabelText('Amount you give'), '0.01');
    await userEvent.type(screen.getByLabelText(/Card number/), '4111 1111 1111 1111');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'client@example.com');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('This address cannot receive mail.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  const checks = {
    en: {
      email: 'After the @ comes a domain with a dot, such as example.com: check it for a typo.',
      amount: 'Enter a number, such as 1500 or 0.25.',
      card: 'The card number fails its check digit: look for a typo.',
      letters: 'A card number consists of digits only.',
    },
    ru: {
      email: 'После @ идёт домен с точкой, например example.com: проверьте, нет ли опечатки.',
      amount: 'Введите число, например 1500 или 0,25.',
      card: 'Номер карты не проходит проверку контрольной цифры: проверьте, нет ли опечатки.',
      letters: 'Номер карты состоит только из цифр.',
    },
  } as const;

  for (const locale of ['en', 'ru'] as const) {
    it(`names a bad e-mail, letters as an amount and a card failing its check digit together, before any submit (${locale})`, async () => {
      const { logic, created } = fakeCalculator(async () => 'never');
      renderForm(logic, { locale });
      const card = await screen.findByRole('textbox', { name: /Card number/ }, { timeout: 4_000 });
      const email = screen.getByRole('textbox', { name: /E-mail/ });
      const amount = screen.getByRole('textbox', { name: locale === 'en' ? 'Amount you give' : 'Сумма, которую вы отдаёте' });
      await userEvent.type(email, 'client@example');
      await userEvent.tab();
      await userEvent.clear(amount);
      await userEvent.type(amount, 'abc');
      expect(amount).toHaveValue('');
      await userEvent.type(card, '4111111111111112');
      expect(card).toHaveValue('4111 1111 1111 1112');
      await userEvent.tab();
      await waitFor(() => expect(card).toHaveAccessibleDescription(checks[locale].card));
      expect(email).toHaveAccessibleDescription(expect.stringContaining(checks[locale].email));
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(checks[locale].amount));
      expect(created).toEqual([]);
    });

    it(`groups a card number by four as typed, as its placeholder shows, and says letters do not belong (${locale})`, async () => {
      const { logic } = fakeCalculator(async () => 'never');
      renderForm(logic, { locale });
      const card = await screen.findByRole('textbox', { name: /Card number/ }, { timeout: 4_000 });
      expect(card).toHaveAttribute('placeholder', '0000 0000 0000 0000');
      await userEvent.type(card, '42763800q');
      expect(card).toHaveValue('4276 3800');
      expect(card).toHaveAccessibleDescription(checks[locale].letters);
    });
  }

  const VERIFIED_PAIR: PairResponse = { ...PAIR, verificationCourse: '9100000' };
  const words = {
    en: { course: '1 BTC = 9,000,000 RUB', verifiedCourse: '1 BTC = 9,100,000 RUB', name: 'Verified rate', guest: 'Needs an account with a verified card.' },
    ru: { course: '1 BTC = 9 000 000 RUB', verifiedCourse: '1 BTC = 9 100 000 RUB', name: 'Курс для верифицированных', guest: 'Нужен аккаунт с верифицированной картой.' },
  } as const;

  for (const locale of ['en', 'ru'] as const) {
    it(`shows a guest the verified rate explained with sign-in, but its switch cannot be turned on (${locale})`, async () => {
      const { logic } = fakeCalculator(async () => 'never', VERIFIED_PAIR);
      renderForm(logic, { locale });
      const toggle = await screen.findByRole('switch', { name: words[locale].name }, { timeout: 4_000 });
      expect(screen.getByTestId('verified-rate-requirement')).toHaveTextContent(words[locale].guest);
      await waitFor(() => expect(toggle).toBeDisabled());
      await userEvent.click(toggle, { pointerEventsCheck: 0 });
      expect(toggle).not.toBeChecked();
      expect(screen.getByTestId('course-line').textContent?.replace(/\s/g, ' ')).toContain(words[locale].course);
    });

    it(`lets an account with a verified card price with the verified rate (${locale})`, async () => {
      const { logic } = fakeCalculator(async () => 'never', VERIFIED_PAIR);
      renderForm(logic, { locale, user: { ...demoUser, verified: true } });
      const toggle = await screen.findByRole('switch', { name: words[locale].name }, { timeout: 4_000 });
      await waitFor(() => expect(toggle).toBeEnabled());
      await userEvent.click(toggle);
      await waitFor(() => expect(toggle).toBeChecked());
      expect(screen.getByTestId('course-line').textContent?.replace(/\s/g, ' ')).toContain(words[locale].verifiedCourse);
    });
  }
});
