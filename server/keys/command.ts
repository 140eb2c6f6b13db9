// `npm run ops -- keys rotate`: re-seals every sealed value under DATA_KEY (see rotate.ts); `keys status` counts
// what is left to re-seal.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { actingOperator } from '../ops/identity.ts';
import { rotateDataKey } from './rotate.ts';
import { sealedValueCounts } from './sealedValues.ts';

export const KEYS_HELP = `  keys status                                        the data key's id, values in clear or under the previous key
  keys rotate                                        re-seal every secret under DATA_KEY (the old key given as
                                                     DATA_KEY_PREVIOUS); also seals what was stored in clear`;

export async function keysCommand(
  ctx: { db: Db; out: (line: string) => void; usage: (message: string) => never },
  config: Config,
  [action]: string[],
): Promise<number> {
  if (action !== 'rotate' && action !== 'status') ctx.usage('keys status|rotate');
  const keyring = config.dataKeys;
  if (keyring === null) {
    ctx.out('refused: DATA_KEY is not set (DATA_KEY=$(openssl rand -base64 32))');
    return 1;
  }
  if (action === 'status') {
    const counts = await sealedValueCounts(ctx.db, keyring);
    ctx.out(`DATA_KEY id ${keyring.current.id}${keyring.previous ? `, DATA_KEY_PREVIOUS id ${keyring.previous.id}` : ''}`);
    ctx.out(`to re-seal: ${counts.toReseal}; under an unknown key: ${counts.unknownKey}`);
    return counts.unknownKey > 0 ? 1 : 0;
  }
  const outcome = await rotateDataKey(ctx.db, await actingOperator(ctx), keyring);
  if (!outcome.ok) {
    ctx.out(`refused: ${outcome.unknownKey} values are sealed under a key that is neither DATA_KEY nor DATA_KEY_PREVIOUS; nothing was changed`);
    return 1;
  }
  for (const [column, rows] of Object.entries(outcome.rows)) ctx.out(`${column}: ${rows} row(s) re-sealed`);
  ctx.out(`every sealed value is now under DATA_KEY (id ${outcome.keyId}); DATA_KEY_PREVIOUS may be removed`);
  return 0;
}
