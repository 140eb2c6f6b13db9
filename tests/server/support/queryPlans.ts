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

/**
 * The plan a named statement settles on once PostgreSQL plans it without its parameters' values: prepared and run
 * with plan_cache_mode forcing the generic plan (EXPLAIN's own GENERIC_PLAN option needs PostgreSQL 16, and CI's
 * server suite runs on Debian's 15).
 */
export async function genericPlan(pool: pg.Pool, statement: Statement): Promise<unknown> {
  const client = await pool.connect();
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare settled as ${statement.text}`);
    try {
      const values = statement.values.map((value) => (value === null ? 'null' : client.escapeLiteral(String(value))));
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) execute settled(${values.join(', ')})`);
      return rows[0]!['QUERY PLAN'];
    } finally {
      // Only its own: the connection goes back to the app's pool with the app's named statements prepared on it.
      await client.query('deallocate settled');
    }
  } finally {
    await client.query('reset plan_cache_mode');
    client.release();
  }
}
