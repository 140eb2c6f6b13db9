// `npm run ops -- keys rotate`: every sealed value re-sealed under DATA_KEY. Run with the new key as DATA_KEY and the
// old one as DATA_KEY_PREVIOUS (every instance restarted with both first, so each reads either); afterwards
// DATA_KEY_PREVIOUS can go. The same command seals what an installation stored in clear before it had a key.
import type { Db } from '../db/index.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { Keyring } from './dataKey.ts';
import { resealColumn, SEALED_COLUMNS, sealedValueCounts } from './sealedValues.ts';

export type RotateOutcome =
  | { ok: true; keyId: string; rows: Record<string, number> }
  | { ok: false; unknownKey: number };

export async function rotateDataKey(db: Db, actor: Actor, keyring: Keyring): Promise<RotateOutcome> {
  const { unknownKey } = await sealedValueCounts(db, keyring);
  // Nothing is rewritten while some value could not be opened: the operator gives its key first.
  if (unknownKey > 0) return { ok: false, unknownKey };
  const rows: Record<string, number> = {};
  for (const column of SEALED_COLUMNS)
    rows[`${column.table}.${column.column}`] = await resealColumn(db, keyring, column);
  await writeAudit(db, actor, {
    action: 'keys.rotate',
    target: 'DATA_KEY',
    before: { previousKeyId: keyring.previous?.id ?? null },
    after: { keyId: keyring.current.id, rows },
  });
  return { ok: true, keyId: keyring.current.id, rows };
}
