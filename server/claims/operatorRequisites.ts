// What the console shows of a claim's requisites: in full, opened on the server, since the operator pays out to
// them and checks the sender. Each view that shows a full card number writes an audit row (who looked, when).
import type { Db } from '../db/index.ts';
import type { ClaimRow } from '../db/schema/claims.ts';
import { openRequisites } from '../keys/atRest.ts';
import { sideFields, type Catalog } from '../catalogue/catalog.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';

export interface OperatorRequisites {
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
}

function cardFields(catalog: Catalog, currencyId: number, side: 'give' | 'receive', values: Record<string, string>) {
  const cards = new Set(sideFields(catalog, currencyId, side).filter((field) => field.check === 'card').map((field) => field.name));
  return Object.keys(values).filter((name) => cards.has(name));
}

export async function requisitesForOperator(
  db: Db,
  actor: Actor,
  catalog: Catalog,
  claim: ClaimRow,
): Promise<OperatorRequisites> {
  const fromRequisites = openRequisites(claim.fromRequisites);
  const toRequisites = openRequisites(claim.toRequisites);
  const shown = [
    ...cardFields(catalog, claim.fromCurrencyId, 'give', fromRequisites).map((name) => `fromRequisites.${name}`),
    ...cardFields(catalog, claim.toCurrencyId, 'receive', toRequisites).map((name) => `toRequisites.${name}`),
  ];
  if (shown.length > 0) await writeAudit(db, actor, { action: 'claim.card_viewed', target: claim.uuid, after: { fields: shown } });
  return { fromRequisites, toRequisites };
}
