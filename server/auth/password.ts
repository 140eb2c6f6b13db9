// Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes) and the password policy.
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { brokenPasswordRules } from '../../src/domain/passwordRules.ts';

const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real check when the e-mail is unknown, so timing does not reveal which accounts exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await passwordMatches(await dummyHash, password);
}

/** The password policy: the shared character rules of src/domain/passwordRules.ts, all met. */
export function passwordStrongEnough(password: string): boolean {
  return brokenPasswordRules(password).length === 0;
}
