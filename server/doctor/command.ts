// `npm run ops -- doctor`: prints each finding with its fix; exit status 1 while a blocker remains, else 0.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { examine } from './doctor.ts';

export const DOCTOR_HELP = `  doctor                                             what stands between this installation and real money,
                                                     each with the command that fixes it (exit 1 while a
                                                     blocker remains)`;

export async function doctorCommand(ctx: { db: Db; out: (line: string) => void }, config: Config): Promise<number> {
  const findings = await examine(ctx.db, config);
  for (const finding of findings) {
    ctx.out(`${finding.level === 'blocker' ? 'BLOCKER' : 'warning'}  ${finding.problem}`);
    ctx.out(`         fix: ${finding.fix}`);
  }
  const blockers = findings.filter((finding) => finding.level === 'blocker').length;
  ctx.out(
    blockers > 0
      ? `${blockers} blocker(s): not ready to take real money`
      : `ready: nothing blocks real money${findings.length > 0 ? ` (${findings.length} warning(s))` : ''}`,
  );
  return blockers > 0 ? 1 : 0;
}
