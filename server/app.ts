// The whole HTTP application: API routes answered at /... (Russian) and /en/... (English), the rates export,
// and the built browser app with an SPA fallback. `createApp` is also what the server tests call in-process.
import { Hono } from 'hono';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { requestBodyLimit } from './http/bodyLimit.ts';
import type { AppEnv } from './http/env.ts';
import { notFound, onError } from './http/errors.ts';
import { requestContext } from './http/locale.ts';
import { securityHeaders } from './http/security.ts';
import { staticFiles } from './http/static.ts';
import { calculatorRoutes } from './routes/calculator.ts';
import { claimRoutes } from './routes/claim.ts';
import { exportRoutes } from './routes/export.ts';
// The accounts part of the server (auth, users, referral, verification, news):
import { authRoutes } from './routes/auth.ts';
import { usersRoutes } from './routes/users.ts';
import { verifyRoutes, verifyV2Routes } from './routes/verify.ts';
import { newsRoutes } from './routes/news.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Serve DIST_DIR too (the server process); tests of the API alone leave it off. */
  serveStatic?: boolean;
}

/** The API, mounted once at the root and once under /en. */
function apiRoutes(): Hono<AppEnv> {
  // Mount paths end in '/' so that a sub-app's root route '/' becomes e.g. '/api/v1/verify/' (DRF-style slashes).
  const api = new Hono<AppEnv>();
  api.route('/api/v1/calculator/', calculatorRoutes);
  api.route('/api/v1/claim/', claimRoutes);
  api.route('/export/', exportRoutes);
  api.route('/front-api/auth/', authRoutes);
  api.route('/api/v1/users/', usersRoutes);
  api.route('/api/v1/verify/', verifyRoutes);
  api.route('/api/v2/verify/', verifyV2Routes);
  api.route('/api/v1/news/', newsRoutes);
  return api;
}

export function createApp({ db, config, serveStatic = false }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders);
  app.use(requestContext(db, config));
  app.use(requestBodyLimit);
  const api = apiRoutes();
  app.route('/en', api);
  app.route('/', api);
  if (serveStatic) app.get('*', staticFiles(config.distDir));
  app.notFound(notFound);
  app.onError(onError);
  return app;
}
