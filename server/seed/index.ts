// Seed data on first start; running it again changes nothing (every insert skips what exists). The demo gets the
// whole demo (live directions, reserves, payment details, users, codes, news, a contest); production gets only the
// starting catalogue (currencies and their fields, directions switched off, empty reserves) and nothing of the demo.
import { eq, inArray, sql } from 'drizzle-orm';
import { isAddressCheck } from '../../src/domain/requisites.ts';
import type { Db } from '../db/index.ts';
import {
  contests,
  currencies,
  currencyFields,
  directions,
  paymentAccounts,
  reserves,
  siteSettings,
  type MaintenanceSetting,
} from '../db/schema/calculator.ts';
import { depositAddresses } from '../db/schema/depositAddresses.ts';
import { promocodes } from '../db/schema/promocodes.ts';
import { receivingAccounts } from '../db/schema/receivingAccounts.ts';
import { users } from '../db/schema/users.ts';
import type { Mode } from '../mode.ts';
import { MAINTENANCE_KEY } from '../catalogue/catalog.ts';
import { notifyCatalogChanged } from '../catalogue/events.ts';
import {
  CASH_CITY,
  CURRENCIES,
  DEMO_POOL_SIZE,
  DEMO_PROMOCODE,
  DIRECTIONS,
  FIELDS,
  PAYMENT_ACCOUNTS,
  PROMOCODES,
  RECEIVING_ACCOUNTS,
} from './catalog.ts';
import { demoAddresses } from './demoAddresses.ts';
import { seedDemoUser, type DemoCredentials } from './demoUser.ts';
import { seedNews } from './news.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Serialises concurrent seeders (two servers starting on one database). */
const SEED_LOCK = 7_310_001;

/** The catalogue; `demo` also makes it live (directions on, reserves filled) with the demo's payment details. */
async function seedCatalog(db: Db, demo: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx
      .insert(currencies)
      .values(
        CURRENCIES.map((row, index) => ({
          code: row.code,
          nameRu: row.nameRu,
          nameEn: row.nameEn,
          network: row.network,
          kind: row.kind,
          city: row.kind === 'cash' ? CASH_CITY : null,
          unit: row.unit,
          icon: row.icon,
          decimals: row.decimals,
          qrScheme: row.qrScheme,
          payCommentRu: row.payCommentRu,
          payCommentEn: row.payCommentEn,
          sort: index * 10,
        })),
      )
      .onConflictDoNothing({ target: currencies.code });
    const rows = await tx.select({ id: currencies.id, code: currencies.code }).from(currencies);
    const idOf = new Map(rows.map((row) => [row.code, row.id]));
    const need = (code: string) => {
      const id = idOf.get(code);
      if (id === undefined) throw new Error(`seed: currency ${code} missing`);
      return id;
    };

    const fieldRows = Object.entries(FIELDS).flatMap(([code, sides]) =>
      (['give', 'receive'] as const).flatMap((side) =>
        sides[side].map((field, index) => ({ ...field, currencyId: need(code), side, sort: index * 10 })),
      ),
    );
    if (fieldRows.length > 0) await tx.insert(currencyFields).values(fieldRows).onConflictDoNothing();

    await tx
      .insert(directions)
      .values(
        DIRECTIONS.map((row, index) => ({
          fromId: need(row.from),
          toId: need(row.to),
          course: row.course,
          verificationCourse: row.verificationCourse,
          bonus: row.bonus,
          fromMin: row.fromMin,
          fromMinVerification: row.fromMinVerification,
          fromMax: row.fromMax,
          toMin: row.toMin,
          toMinVerification: row.toMinVerification,
          toMax: row.toMax,
          fromNotifyRu: row.notify?.side === 'from' ? row.notify.ru : null,
          fromNotifyEn: row.notify?.side === 'from' ? row.notify.en : null,
          toNotifyRu: row.notify?.side === 'to' ? row.notify.ru : null,
          toNotifyEn: row.notify?.side === 'to' ? row.notify.en : null,
          // Production starts with every direction off: the operator sets its course and switches it on.
          active: demo,
          sort: index,
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(reserves)
      .values(CURRENCIES.map((row) => ({ currencyId: need(row.code), amount: demo ? row.reserve : '0' })))
      .onConflictDoNothing();

    const maintenance: MaintenanceSetting = { enabled: false, messageRu: null, messageEn: null };
    await tx.insert(siteSettings).values({ key: MAINTENANCE_KEY, value: maintenance }).onConflictDoNothing();
    if (demo) await seedDemoCatalog(tx as unknown as Db, need);
  });
  await notifyCatalogChanged(db);
}

/** The demo's payment details (office, accounts, address pools), contest and public promo codes. */
async function seedDemoCatalog(tx: Db, need: (code: string) => number): Promise<void> {
  const withAccounts = await tx
    .selectDistinct({ currencyId: paymentAccounts.currencyId })
    .from(paymentAccounts)
    .where(inArray(paymentAccounts.currencyId, CURRENCIES.map((row) => need(row.code))));
  const done = new Set(withAccounts.map((row) => row.currencyId));
  const accountRows = Object.entries(PAYMENT_ACCOUNTS)
    .filter(([code]) => !done.has(need(code)))
    .flatMap(([code, accounts]) =>
      accounts.map((account, index) => ({ ...account, currencyId: need(code), sort: index * 10 })),
    );
  if (accountRows.length > 0) await tx.insert(paymentAccounts).values(accountRows);

  await tx
    .insert(receivingAccounts)
    .values(
      Object.entries(RECEIVING_ACCOUNTS).flatMap(([code, accounts]) =>
        accounts.map((account) => ({ ...account, currencyId: need(code) })),
      ),
    )
    .onConflictDoNothing();

  // A pool for each coin that has none yet, so claims can be paid on a fresh start.
  const pooled = await tx.selectDistinct({ currencyId: depositAddresses.currencyId }).from(depositAddresses);
  const hasPool = new Set(pooled.map((row) => row.currencyId));
  const poolRows = Object.entries(FIELDS).flatMap(([code, sides]) => {
    const check = sides.receive.find((field) => isAddressCheck(field.check))?.check;
    if (check === undefined || !isAddressCheck(check) || hasPool.has(need(code))) return [];
    return demoAddresses(check, code, DEMO_POOL_SIZE).map((address) => ({
      currencyId: need(code),
      network: check,
      address,
    }));
  });
  if (poolRows.length > 0) await tx.insert(depositAddresses).values(poolRows).onConflictDoNothing();

  const [anyContest] = await tx.select({ id: contests.id }).from(contests).limit(1);
  if (!anyContest) {
    const now = Date.now();
    await tx.insert(contests).values({
      titleRu: 'Конкурс отзывов: оставьте отзыв об обмене и выиграйте приз',
      titleEn: 'Review contest: review your exchange and win a prize',
      prizesRu: ['1 место — 10 000 ₽', '2 место — 5 000 ₽', '3 место — 3 000 ₽', '4–10 места — по 1 000 ₽'],
      prizesEn: [
        '1st place — 10,000 RUB',
        '2nd place — 5,000 RUB',
        '3rd place — 3,000 RUB',
        '4th–10th places — 1,000 RUB each',
      ],
      startsAt: new Date(now - 7 * DAY_MS),
      endsAt: new Date(now + 23 * DAY_MS),
      active: true,
    });
  }

  await tx
    .insert(promocodes)
    .values(
      PROMOCODES.map((row) => ({ code: row.code, percent: row.percent, usesTotal: row.uses, usesLeft: row.uses })),
    )
    .onConflictDoNothing({ target: promocodes.code });
}

async function seedDemoPromocode(db: Db, email: string): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!demo) return;
  await db
    .insert(promocodes)
    .values({
      code: DEMO_PROMOCODE.code,
      percent: DEMO_PROMOCODE.percent,
      usesTotal: DEMO_PROMOCODE.uses,
      usesLeft: DEMO_PROMOCODE.uses,
      userId: demo.id,
      expiresAt: new Date(Date.now() + 90 * DAY_MS),
    })
    .onConflictDoNothing({ target: promocodes.code });
}

/**
 * Seeds what `mode` starts with and answers the demo account's credentials (printed at start in the demo only);
 * null in production, where no demo user, code, payment detail, news item or contest is created.
 */
export async function seed(db: Db, mode: Mode = 'demo'): Promise<DemoCredentials | null> {
  await seedCatalog(db, mode === 'demo');
  if (mode !== 'demo') return null;
  const demo = await seedDemoUser(db);
  await seedDemoPromocode(db, demo.email);
  await seedNews(db);
  return demo;
}
