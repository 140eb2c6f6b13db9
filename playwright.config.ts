// Journeys run in a real Chromium against the production build served by the same server `npm start` runs,
// each server on its own port with its own fresh data folder (and so its own embedded PostgreSQL).
import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 3100);
/** A second server whose payment window is a few seconds long, for the expiry journey. */
const shortWindowPort = port + 1;
/** The played Bitcoin chain (tests/e2e/playedChain.ts, an Esplora) the main server's chain watcher polls every second. */
const playedChainPort = port + 2;
const distDir = process.env.DIST_DIR ?? 'dist';
const debianChromium = '/usr/bin/chromium';

const launchOptions = existsSync(debianChromium)
  ? {
      executablePath: debianChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    }
  : {};

function server(serverPort: number, extraEnv: Record<string, string>) {
  return {
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${serverPort}/api/v1/calculator/tech/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      DATA_DIR: `test-data/e2e-${serverPort}`,
      FRESH_DATA: '1',
      DIST_DIR: distDir,
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      // Every journey's browser is 127.0.0.1 and many share the demo account: the open-unpaid-claim limits (a
      // stranger's defence, tested on the server) would refuse them, so they are off here.
      OPEN_CLAIMS_PER_EMAIL: '0',
      OPEN_CLAIMS_PER_CLIENT: '0',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers, any test on either: every journey makes its own claims, users and operators. The few that change
  // what others read (a direction's card check, the receiving accounts) share a named lock (test.describe.configure).
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // Per port, so that two runs on one machine (their own E2E_PORT) do not wipe each other's traces.
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
  ],
  webServer: [
    {
      command: 'node tests/e2e/playedChain.ts',
      url: `http://127.0.0.1:${playedChainPort}/blocks/tip/height`,
      reuseExistingServer: false,
      env: { PLAYED_CHAIN_PORT: String(playedChainPort) },
    },
    server(port, { CHAIN_BTC_URL: `http://127.0.0.1:${playedChainPort}`, CHAIN_POLL_SECONDS: '1' }),
    server(shortWindowPort, { PAYMENT_WINDOW_SECONDS: '8' }),
  ],
});
