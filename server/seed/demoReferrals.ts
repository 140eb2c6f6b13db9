// The demo partner's earnings, made the way real ones are: a friend who signed up through the demo account's link
// exchanged cash roubles for USDT three times; each claim was created, paid and completed through the same services
// as on the site and in the console, and its completion credited the demo account through the referral accrual.
// So /account/referrer shows an invited user and rewards that come from that user's claims.
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { currencies } from '../db/schema/calculator.ts';
import { users } from '../db/schema/users.ts';
import { createAccount } from '../accounts/createAccount.ts';
import { createClaim, moveClaim } from '../claims/service.ts';
import { demoAddresses } from './demoAddresses.ts';

/** The invited friend's e-mail: beside the demo account's, so a custom DEMO_EMAIL keeps its own domain. */
export function invitedEmailOf(demoEmail: string): string {
  return `friend.${demoEmail}`;
}

/** Roubles the friend gave in each exchange (the partner earns REFERRAL_PERCENT of each, above the minimum withdrawal in all). */
const EXCHANGES = ['120000', '95000', '110000'];
const FRIEND = { name: 'Pavel Smirnov', phone: '+7 916 555-01-23' };

async function currencyIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
  if (!row) throw new Error(`demo referrals: no currency ${code}`);
  return row.id;
}

/** Creates the invited friend and its completed exchanges once; a second call finds the friend and does nothing. */
export async function seedDemoReferrals(db: Db, partnerId: number, partnerEmail: string): Promise<void> {
  const email = invitedEmailOf(partnerEmail);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return;
  // Nobody signs in as the friend: a password no one knows.
  const friend = await createAccount(db, {
    email,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    activated: true,
    referredBy: partnerId,
  });
  if (!friend) return;
  const [fromPs, toPs] = [await currencyIdOf(db, 'CASHRUB'), await currencyIdOf(db, 'USDTTRC20')];
  const config = loadConfig();
  for (const [index, fromSumma] of EXCHANGES.entries()) {
    const created = await createClaim(db, config, {
      locale: 'ru',
      userId: friend.id,
      request: {
        email,
        fromPs,
        toPs,
        fromSumma,
        fromRequisites: { phone: FRIEND.phone, name: FRIEND.name },
        toRequisites: { address: demoAddresses('trc20', `friend-payout-${index}`, 1)[0]! },
        withVerificationCourse: false,
        recaptcha: '',
      },
    });
    const uuid = created.body.uuid;
    await moveClaim(db, uuid, 'paid', 'client', { note: 'demo: the friend reported the cash payment' });
    await moveClaim(db, uuid, 'processing', 'operator', { note: 'demo: cash received at the office' });
    await moveClaim(db, uuid, 'completed', 'operator', { note: 'demo: USDT sent' });
  }
}
