// Sign-in by e-mail and password, with the guessing throttle (server/auth/loginThrottle.ts): a caller that failed
// too often waits; a wrong address costs as much time as a wrong password, so neither tells which one it was.
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { loginSucceeded, takeLoginAttempt } from '../auth/loginThrottle.ts';
import { burnPasswordCheck, passwordMatches } from '../auth/password.ts';
import { DomainError, refuse } from '../shared/errors.ts';
import { refuseBlocked } from './userBlocks.ts';

/** Takes the caller's attempt (address `ip`, trying `email`) or refuses one that must wait after earlier attempts. */
export async function takeSignInAttempt(db: Db, config: Config, ip: string, email: string, captcha: boolean): Promise<void> {
  const wait = await takeLoginAttempt(db, ip, email, { scale: config.rateLimitScale, captcha, realm: 'site' });
  if (wait <= 0) return;
  const minutes = Math.ceil(wait / 60);
  const detail =
    wait >= 60
      ? /*i18n*/ { id: 'accounts.signIn.throttledMinutes', message: 'Too many failed sign-in attempts. Try again in {minutes} min.', values: { minutes } }
      : /*i18n*/ { id: 'accounts.signIn.throttledSeconds', message: 'Too many failed sign-in attempts. Try again in {seconds} s.', values: { seconds: wait } };
  throw new DomainError('throttled', { detail }, wait);
}

/** The account of `email` when `password` is its password (the attempt was counted when it was taken). */
export async function verifyCredentials(db: Db, ip: string, email: string, password: string): Promise<number> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.email, email));
  const valid = user ? await passwordMatches(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !valid) {
    refuse('invalid', /*i18n*/ { id: 'accounts.signIn.wrongCredentials', message: 'No active account found with the given credentials' });
  }
  // Said only to whoever knows the password: a guesser learns nothing about the account.
  if (user.blockedAt) refuseBlocked();
  await loginSucceeded(db, ip, email, 'site');
  return user.id;
}
