// Query-plan checks: record the statements an action sends at the driver, then EXPLAIN each with its own
// parameters and name the big tables it would read by a sequential scan. Cost that grows with history shows
// up as a plan, not as a timing.
import pg from 'pg';
import { expect } from 'vitest';

export interface Statement {
  text: string;
  values: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function mentionsAny(text: string, tables: ReadonlySet<string>): boolean {
  return [...tables].some((table) => new RegExp(`\\b${table}\\b`).test(text));
}

/** Runs `action` and answers the statements it sent that mention one of `tables`. */
export async function statementsOf(tables: ReadonlySet<string>, action: () => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const original = pg.Client.prototype.query;
  const recording = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config?.text;
    if (text && mentionsAny(text, tables)) {
      recorded.push({ text, values: (typeof config === 'string' ? undefined : config?.values) ?? values ?? [] });
    }
    return (original as (...input: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = recording as typeof original;
  try {
    await action();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** The tables of `tables` each statement reads sequentially (none expected), keyed by the statement's start. */
export async function sequentialReads(
  pool: pg.Pool,
  statements: Statement[],
  tables: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  expect(statements.length).toBeGreaterThan(0);
  const found: Record<string, string[]> = {};
  for (const statement of statements) {
    const result = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${statement.text}`,
      statement.values,
    );
    const scans = seqScans(result.rows[0]!['QUERY PLAN'][0].Plan).filter((table) => tables.has(table));
    if (scans.length > 0) found[statement.text.replace(/\s+/g, ' ').slice(0, 200)] = scans;
  }
  return found;
}
