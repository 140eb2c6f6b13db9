// The operator the tests' CLI commands act as (`--as`): the CLI audits every change under an active operator.
import type { Db } from '../../../server/db/index.ts';
import { operators } from '../../../server/db/schema/operators.ts';

export const CLI_TEST_OPERATOR = 'cli-operator@example.com';

const ensured = new WeakMap<Db, Promise<string>>();

/** Makes sure the tests' CLI operator exists in `db` (it never signs in) and answers its e-mail. */
export function cliOperator(db: Db): Promise<string> {
  let email = ensured.get(db);
  if (!email) {
    email = db
      .insert(operators)
      .values({ email: CLI_TEST_OPERATOR, passwordHash: 'never-signs-in', totpSecret: 'never-signs-in', role: 'operator' })
      .onConflictDoNothing()
      .then(() => CLI_TEST_OPERATOR);
    ensured.set(db, email);
  }
  return email;
}
