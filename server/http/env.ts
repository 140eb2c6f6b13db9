// The Hono environment every route of the server shares.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Locale } from '../../src/domain/locale.ts';

export interface AppVariables {
  db: Db;
  config: Config;
  /** 'en' for requests under /en (English site), else 'ru'. */
  locale: Locale;
  /** The signed-in user's id when a valid access token came with the request, else null. */
  userId: number | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
