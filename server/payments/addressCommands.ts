// `npm run ops -- addresses xpub <CODE> <KEY|none>`: the extended public key a coin's deposit addresses are derived
// from, checked when set and audited; `addresses status` adds each key's next index and wallet gap.
import type { Db } from '../db/index.ts';
import { actingOperator, type IdentityContext } from '../ops/identity.ts';
import { depositKeyGaps, setDepositKeyAs, WALLET_GAP_LIMIT } from './addressService.ts';
import type { KeyNetwork, KeyProblem } from './derivation.ts';

export const ADDRESS_KEY_HELP = `  addresses xpub <CODE> <KEY>                        derive each claim's deposit address from this account-level
                                                     extended public key (BTC/LTC: BIP84 zpub or xpub of m/84'/coin'/0';
                                                     ETH, ERC-20, TRON, TRC-20: BIP44 xpub of m/44'/coin'/0'); none: back to the pool`;

interface CommandContext extends IdentityContext {
  db: Db;
  out: (line: string) => void;
}

const ACCOUNT_PATHS: Record<KeyNetwork, string> = {
  btc: "m/84'/0'/0' (zpub or xpub)",
  ltc: "m/84'/2'/0' (zpub, Ltub or xpub)",
  eth: "m/44'/60'/0' (xpub)",
  trc20: "m/44'/195'/0' (xpub)",
};

function keyProblemText(problem: KeyProblem): string {
  const texts: Record<KeyProblem, string> = {
    format: 'this is not an extended key (base58check of 78 bytes): copy it again from the wallet',
    private: 'this is a PRIVATE key: give the account public key instead; nothing was stored',
    version: "its version bytes belong to another coin, address type (e.g. ypub: P2SH segwit) or a test network",
    depth: "this is not an account-level key (depth 3)",
    invalid: 'this key does not derive addresses',
  };
  return texts[problem];
}

export async function addressKeyCommand(ctx: CommandContext, code: string, key: string): Promise<number> {
  const outcome = await setDepositKeyAs(ctx.db, await actingOperator(ctx), code, key);
  if (outcome.ok) {
    ctx.out(
      outcome.firstAddress === null
        ? `${outcome.code}: no key; claims take addresses from the imported pool`
        : `${outcome.code}: key set; next index ${outcome.nextIndex}, next address ${outcome.firstAddress}`,
    );
    return 0;
  }
  const upper = code.toUpperCase();
  const why = {
    unknown_currency: `unknown currency ${upper}`,
    not_crypto: `${upper} is not paid to deposit addresses`,
    unsupported: `${upper}'s network has no extended-key derivation here (BTC, LTC, ETH, ERC-20, TRON, TRC-20 have)`,
    invalid: outcome.reason === 'invalid' ? `${keyProblemText(outcome.problem)}; ${upper} takes ${ACCOUNT_PATHS[outcome.network]}` : '',
  };
  ctx.out(`${why[outcome.reason]}; nothing changed`);
  return 1;
}

/** The `addresses status` lines of coins set to a key: next index, the gap since the last paid address. */
export async function addressKeyLines(db: Db): Promise<string[]> {
  return (await depositKeyGaps(db)).map(
    (gap) =>
      `${gap.code.padEnd(12)} ${gap.network.padEnd(8)} key ${gap.key}  next index ${gap.nextIndex}  unpaid since last paid ${gap.unpaidSinceLastPaid}${gap.overGapLimit ? `  GAP over ${WALLET_GAP_LIMIT}: raise the wallet's gap limit to see every deposit` : ''}`,
  );
}
