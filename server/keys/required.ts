// Production keeps its keys outside the database: without DATA_KEY a dump of the database would hold every secret
// in clear, so a production server refuses to start.
import type { Config } from '../config.ts';

/** Why this configuration may not start, or null. */
export function missingKeyProblem(config: Pick<Config, 'mode' | 'dataKeys'>): string | null {
  if (config.mode !== 'production' || config.dataKeys !== null) return null;
  return (
    'DATA_KEY is required in production (DATABASE_URL without DEMO=1): set DATA_KEY to 32 random bytes in base64, ' +
    'e.g. DATA_KEY=$(openssl rand -base64 32), and keep it outside the database (see README, Configuration)'
  );
}
