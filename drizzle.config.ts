// drizzle-kit: every table file in server/db/schema (the index only re-exports them) → SQL migrations in server/migrations.
// Generate with `flock /tmp/drizzle.lock npx drizzle-kit generate` (several people generate in one tree).
import { readdirSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

const schemaFiles = readdirSync('server/db/schema')
  .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
  .map((name) => `./server/db/schema/${name}`);

export default defineConfig({
  dialect: 'postgresql',
  schema: schemaFiles,
  out: './server/migrations',
});
