// `npm run ops -- export withheld`: the export items the self-audit withholds now, and why.
import type { OpsContext } from '../ops/commands.ts';
import { withheldItems } from './ratesExport.ts';

export const EXPORT_HELP = `  export withheld                                    export items withheld by the self-audit, and why`;

export async function exportCommand(ctx: OpsContext & { usage: (message: string) => never }, [action]: string[]) {
  if (action !== 'withheld') return ctx.usage(`unknown export action ${action ?? ''}`);
  const lines = await withheldItems(ctx.db);
  if (lines.length === 0) ctx.out('every item agrees with a claim priced now: nothing withheld');
  for (const line of lines) ctx.out(`${line.since.toISOString()}  ${line.reason.padEnd(8)} ${line.detail}`);
  return 0;
}
