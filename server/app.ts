// The whole HTTP application: API routes answered at /... (Russian) and /en/... (English), the rates export,
// and the built browser app with an SPA fallback. `createApp` is also what the server tests call in-process.
import { Hono } from 'hono';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { requestBodyLimit } from './http/bodyLimit.ts';
import { compressAnswers } from './http/compress.ts';
import type { AppEnv } from './http/env.ts';
import { notFound, onError } from './http/errors.ts';
import { opsConsolePage } from './http/opsConsole.ts';
import { refuseBadUrl } from './http/inputRule.ts';
import { FIRST_VISIT_PATH, firstVisitRedirect } from './http/firstVisit.ts';
import { requestContext } from './http/locale.ts';
import { noStoreForPrivate } from './http/noStore.ts';
import { requestLog } from './http/requestLog.ts';
import { loadHealthConfig, type HealthConfig } from './health/config.ts';
import { httpMetrics } from './health/httpMetrics.ts';
import { healthRoutes } from './health/routes.ts';
import { securityHeaders } from './http/security.ts';
import { staticFiles } from './http/static.ts';
import { pages } from './http/pages.ts';
import { renderingBuild } from './http/renderingBuild.ts';
import { robotsRoute, sitemapRoute } from './http/sitemap.ts';
import { calculatorRoutes } from './catalogue/routes.ts';
import { claimRoutes } from './claims/routes.ts';
import { exportRoutes } from './export/routes.ts';
import { statusRoutes } from './status/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
// The accounts part of the server (auth, users, referral, verification, news):
import { authRoutes } from './accounts/authRoutes.ts';
import { usersRoutes } from './accounts/routes.ts';
import { verifyRoutes, verifyV2Routes } from './accounts/verifyRoutes.ts';
import { newsRoutes } from './content/routes.ts';
import { opsApiRoutes } from './backoffice/opsApi.ts';
import type { ClaimEventHub } from './claims/events/hub.ts';
import { claimEventRoutes } from './claims/events/routes.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Serve DIST_DIR too (the server process); tests of the API alone leave it off. */
  serveStatic?: boolean;
  /** /metrics token and shutdown deadline; read from the environment when not given. */
  health?: HealthConfig;
  /** The instance's live claim notices (server/claimEvents): without them no event stream is offered (404). */
  claimEvents?: ClaimEventHub;
  /**
   * What this listener answers: the site and the console (the default without OPS_PORT), the site alone (with
   * OPS_PORT: the console answers 404 here) or the console alone (the OPS_PORT listener: its page, API and files).
   */
  part?: AppPart;
}

export type AppPart = 'all' | 'site' | 'console';

/** The API, mounted once at the root and once under /en. */
function apiRoutes(claimEvents: ClaimEventHub | undefined): Hono<AppEnv> {
  // Mount paths end in '/' so that a sub-app's root route '/' becomes e.g. '/api/v1/verify/' (DRF-style slashes).
  const api = new Hono<AppEnv>();
  api.route('/api/v1/calculator/', calculatorRoutes);
  if (claimEvents) api.route('/api/v1/claim/', claimEventRoutes(claimEvents));
  api.route('/api/v1/claim/', claimRoutes);
  api.route('/export/', exportRoutes);
  api.route('/api/v1/status/', statusRoutes);
  api.route('/api/partner/v1/', partnerRoutes);
  api.route('/api/', openApiRoutes);
  api.route('/front-api/auth/', authRoutes);
  api.route('/api/v1/users/', usersRoutes);
  api.route('/api/v1/verify/', verifyRoutes);
  api.route('/api/v2/verify/', verifyV2Routes);
  api.route('/api/v1/news/', newsRoutes);
  return api;
}

export function createApp({ db, config, serveStatic = false, claimEvents, part: given, health }: AppDeps): Hono<AppEnv> {
  const part = given ?? (config.opsPort === null ? 'all' : 'site');
  const site = part !== 'console';
  const opsConsole = part !== 'site';
  const app = new Hono<AppEnv>();
  const readApi = async (path: string) => {
    const reply = await app.request(path);
    return reply.ok ? reply.json() : null;
  };
  // Pages arrive rendered in their language; files (and pages, when the app has no rendering entry) are static.
  const build = serveStatic && site ? renderingBuild(config.distDir) : null;
  const renderedPages = build ? pages(config, build, readApi) : null;
  // A kept page answers before every layer below, with what they would have added (its own access line included).
  if (renderedPages) app.use(renderedPages.answerKept);
  // Outermost: the request id and access line, and the request metrics, see every answer as it leaves.
  app.use(requestLog);
  app.use(httpMetrics);
  // Probes answer before any other layer runs.
  app.route('/', healthRoutes(db, health ?? loadHealthConfig()));
  // Then: it compresses what every other layer produced (errors included).
  app.use(compressAnswers());
  app.use(securityHeaders);
  app.use(noStoreForPrivate);
  app.use(requestContext(db, config));
  app.use(requestBodyLimit);
  app.use(refuseBadUrl);
  if (site) {
    const api = apiRoutes(claimEvents);
    app.route('/en', api);
    app.route('/', api);
  } else {
    app.get('/', (c) => c.redirect('/ops/'));
  }
  // The operators' back office: its API in both languages, and its own page (a separate entry of the build).
  if (opsConsole) {
    app.route('/ops-api/v1/', opsApiRoutes(claimEvents));
    app.route('/ops-api/en/v1/', opsApiRoutes(claimEvents));
  } else {
    app.all('/ops', (c) => c.notFound());
    app.all('/ops/*', (c) => c.notFound());
    app.all('/ops-api/*', (c) => c.notFound());
  }
  if (serveStatic && opsConsole) {
    app.get('/ops', opsConsolePage(config.distDir));
    app.get('/ops/*', opsConsolePage(config.distDir));
  }
  if (build && renderedPages) {
    app.get('/sitemap.xml', sitemapRoute(config, build));
    app.get('/robots.txt', robotsRoute(config));
    app.get(FIRST_VISIT_PATH, firstVisitRedirect);
    app.get('*', renderedPages.render);
    app.get('*', staticFiles(config.distDir));
  }
  if (serveStatic && !site) {
    // The console's own listener serves the built files its page loads, and no page of the site.
    const files = staticFiles(config.distDir);
    app.get('/assets/*', files);
    app.get('/favicon.svg', files);
  }
  app.notFound(notFound);
  app.onError(onError);
  return app;
}
