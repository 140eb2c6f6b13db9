import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';
import { scriptsAfterPaint } from './scripts/scriptsAfterPaint.ts';
import './scripts/mapGroupBy.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * `vite build` builds the browser app into outDir and, after it, the server-rendering entry into outDir/.ssr
 * (a dot folder the static handler never serves), so `--outDir dist-x` gives a complete, self-contained build.
 */
function serverRenderingBuild(): Plugin {
  return {
    name: 'exchanger:server-rendering-build',
    config(config) {
      const outDir = config.build?.outDir ?? 'dist';
      return {
        builder: {},
        environments: {
          ssr: {
            build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, '.ssr'), emptyOutDir: true, manifest: false, copyPublicDir: false },
            // Bundle the libraries too: the entry then runs wherever DIST_DIR lives.
            resolve: { noExternal: true },
          },
        },
      };
    },
  };
}

/** In development the console's paths (/ops/, /ops/en/claims/...) get its page, as the server does in production. */
function opsConsoleInDev(): Plugin {
  return {
    name: 'exchanger:ops-console-dev',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/ops(\/|$|\?)/.test(request.url)) request.url = '/ops.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    serverRenderingBuild(),
    opsConsoleInDev(),
    scriptsAfterPaint(),
    precompress(),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '^(/en)?/api/': apiTarget,
      '/front-api/': apiTarget,
      '/export/': apiTarget,
      '/ops-api/': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Two pages: the public site, and the operators' back office (its code never loads on public pages).
    rolldownOptions: { input: { main: 'index.html', ops: 'ops.html' } },
  },
  test: {
    // Like the journeys (playwright.config.ts): in CI a failed test runs once more, and `npm test`'s summary names
    // every test that needed it (scripts/test.ts), so a flake is reported without blocking the run.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts', 'tests/domain/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/machines/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          include: ['tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Third-party scripts (chat, analytics) are never fetched in tests: treat them as loaded, quietly.
          environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
          setupFiles: ['tests/components/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
