// The monitors' export service: built once per catalogue (at most once a second per instance while polled), each
// build audited against the committed directions before anything is published (audit.ts).
import { createHash } from 'node:crypto';
import { desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { currencies, directions } from '../db/schema/calculator.ts';
import { exportWithheld } from '../db/schema/exportAudit.ts';
import { getCatalog, type Catalog } from '../catalogue/catalog.ts';
import { auditItems, readCommitted, recordAudit, type Disagreement } from './audit.ts';
import { ratesJson, ratesXml } from './formats.ts';
import { catalogItems, type RateItem } from './items.ts';

export interface Rendering {
  body: string;
  etag: string;
}

export interface RatesExport {
  xml: Rendering;
  json: Rendering;
  /** The published items: every one agreed with a claim priced when the export was built. */
  items: RateItem[];
  /** The newest committed change to what the export shows. */
  changedAt: Date;
  withheld: Disagreement[];
}

function rendering(body: string): Rendering {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Builds the export from `catalog`, audits every item against the directions as committed now, and records it. */
export async function buildRatesExport(db: Db, catalog: Catalog): Promise<RatesExport> {
  const committed = await readCommitted(db);
  const outcome = auditItems(catalogItems(catalog, committed.onFormula), committed);
  await recordAudit(db, outcome);
  return {
    xml: rendering(ratesXml(outcome.published)),
    json: rendering(JSON.stringify(ratesJson(outcome.published))),
    items: outcome.published,
    changedAt: catalog.changedAt,
    withheld: outcome.withheld,
  };
}

const built = new WeakMap<Catalog, Promise<RatesExport>>();

/** The export of the current catalogue: one build per catalogue, shared by everyone asking meanwhile. */
export async function currentRatesExport(db: Db): Promise<RatesExport> {
  const catalog = await getCatalog(db);
  let build = built.get(catalog);
  if (!build) {
    build = buildRatesExport(db, catalog);
    built.set(catalog, build);
    build.catch(() => built.delete(catalog));
  }
  return build;
}

const giveCurrency = alias(currencies, 'give_currency');
const receiveCurrency = alias(currencies, 'receive_currency');

export interface WithheldLine {
  from: string;
  to: string;
  reason: string;
  detail: string;
  since: Date;
  lastSeenAt: Date;
}

/** The items withheld now, oldest first: for the console and the CLI. */
export async function withheldItems(db: Db): Promise<WithheldLine[]> {
  return db
    .select({
      from: giveCurrency.code,
      to: receiveCurrency.code,
      reason: exportWithheld.reason,
      detail: exportWithheld.detail,
      since: exportWithheld.firstSeenAt,
      lastSeenAt: exportWithheld.lastSeenAt,
    })
    .from(exportWithheld)
    .innerJoin(directions, eq(directions.id, exportWithheld.directionId))
    .innerJoin(giveCurrency, eq(giveCurrency.id, directions.fromId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, directions.toId))
    .where(isNull(exportWithheld.resolvedAt))
    .orderBy(desc(exportWithheld.firstSeenAt));
}
