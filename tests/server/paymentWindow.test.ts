// Per-direction payment window: the operator sets how long a direction's claims wait for payment; other
// directions and a cleared window keep the site's PAYMENT_WINDOW_SECONDS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../server/ops/commands.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { claimRow, validClaim } from './support/claims.ts';
import { cliOperator } from './support/cliOperator.ts';

let test: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test.close();
});

async function ops(...argv: string[]): Promise<number> {
  return runOps(argv, { db: test.database.db, operator: await cliOperator(test.database.db), out: (line) => lines.push(line) });
}

/** Seconds from now to the deadline of a new claim of the direction. */
async function windowOfNewClaim(from: string, to: string): Promise<number> {
  const reply = await call(test, 'POST', '/api/v1/claim/', await validClaim(test, from, to));
  expect(reply.status).toBe(201);
  const row = await claimRow(test.database.db, reply.body.uuid);
  return Math.round((new Date(row.deadline).getTime() - Date.now()) / 1000);
}

describe('window set', () => {
  it("gives the direction's new claims its own window and leaves the others on the site default", async () => {
    expect(await ops('window', 'set', 'BTC', 'SBERRUB', '3600')).toBe(0);
    expect(Math.abs((await windowOfNewClaim('BTC', 'SBERRUB')) - 3600)).toBeLessThanOrEqual(5);
    expect(Math.abs((await windowOfNewClaim('USDTTRC20', 'SBERRUB')) - test.config.paymentWindowSeconds)).toBeLessThanOrEqual(5);
  });

  it('returns to the site default with none, and refuses a window that is not whole seconds from 60', async () => {
    expect(await ops('window', 'set', 'BTC', 'SBERRUB', 'none')).toBe(0);
    expect(Math.abs((await windowOfNewClaim('BTC', 'SBERRUB')) - test.config.paymentWindowSeconds)).toBeLessThanOrEqual(5);
    for (const bad of ['30', '90.5', 'soon', '']) {
      expect(await ops('window', 'set', 'BTC', 'SBERRUB', bad)).not.toBe(0);
    }
    expect(Math.abs((await windowOfNewClaim('BTC', 'SBERRUB')) - test.config.paymentWindowSeconds)).toBeLessThanOrEqual(5);
  });
});
