// Which of the two ways this installation runs. The demo (the embedded database by default, or DEMO=1) seeds demo
// users, codes and payment details and says so on every page; production (DATABASE_URL, or DEMO=0) seeds none of
// them and needs its keys from the environment.
type Env = Record<string, string | undefined>;

export type Mode = 'demo' | 'production';

/** DEMO=1 or DEMO=0 decides; otherwise the embedded database means the demo and DATABASE_URL means production. */
export function resolveMode(env: Env = process.env): Mode {
  const forced = env.DEMO?.trim();
  if (forced === '1') return 'demo';
  if (forced === '0') return 'production';
  if (forced) throw new Error(`DEMO must be 1 or 0, got "${forced}"`);
  return env.DATABASE_URL?.trim() ? 'production' : 'demo';
}
