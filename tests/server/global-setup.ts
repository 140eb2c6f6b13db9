// One PostgreSQL for the whole server test run: the embedded cluster in test-data/server-pg (or DATABASE_URL's
// server). A template database is migrated and seeded once; the shared test database and every per-file
// database (tests/server/support/database.ts) are cheap copies of it.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ClusterInUseError, startEmbeddedPostgres, type Cluster } from '../../server/db/embedded.ts';
import { connect } from '../../server/db/index.ts';
import { applyMigrations } from '../../server/db/migrate.ts';
import { setLogLevel } from '../../server/log.ts';
import { seed } from '../../server/seed/index.ts';
import { digestUndigestedClaims } from '../../server/claims/requisiteDigests.ts';

export const TEMPLATE = 'exchanger_test_template';
const SHARED = 'exchanger_test_shared';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A URL of the same server whose database part is replaced to reach other databases. */
    adminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  setLogLevel('warn');
  let cluster: Cluster | null = null;
  let ownFolder: string | null = null;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    try {
      cluster = await startEmbeddedPostgres(path.resolve('test-data/server-pg'));
    } catch (error) {
      if (!(error instanceof ClusterInUseError)) throw error;
      // Another test run holds the usual cluster: run on a private one, removed afterwards.
      ownFolder = path.resolve(`test-data/server-pg-${process.pid}`);
      cluster = await startEmbeddedPostgres(ownFolder, { fresh: true });
    }
    baseUrl = cluster.url;
  }
  const adminUrl = withDatabase(baseUrl, 'postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Databases of an earlier run (and the template, rebuilt so migrations and seed are current).
  const old = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'exchanger_test_%'`,
  );
  for (const row of old.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.query(`create database "${TEMPLATE}"`);

  const template = connect(withDatabase(baseUrl, TEMPLATE), 4);
  await applyMigrations(template.db);
  await seed(template.db);
  // As an instance's start does (server/main.ts): the seed's claims get their requisite digests.
  await digestUndigestedClaims(template.db);
  await template.close();
  await admin.query(`create database "${SHARED}" template "${TEMPLATE}"`);
  await admin.end();

  project.provide('databaseUrl', withDatabase(baseUrl, SHARED));
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await cluster?.stop();
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
  };
}
