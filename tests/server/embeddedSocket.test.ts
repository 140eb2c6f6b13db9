// The embedded cluster's URL reaches it through the Unix socket in its data folder, and over loopback TCP when the
// folder's path is too long for a socket's name.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';

const folders: string[] = [];

/** The server address of a connection made with `url`: null over a Unix socket. */
async function serverAddress(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ address: string | null }>('select inet_server_addr()::text as address')).rows[0]!.address;
  } finally {
    await client.end();
  }
}

async function addressOfClusterIn(folder: string): Promise<string | null> {
  folders.push(folder);
  const cluster = await startEmbeddedPostgres(folder, { fresh: true });
  try {
    return await serverAddress(cluster.url);
  } finally {
    await cluster.stop();
  }
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded cluster', () => {
  it('is reached through its Unix socket', async () => {
    expect(await addressOfClusterIn(path.resolve(`test-data/socket-${process.pid}`))).toBeNull();
  }, 60_000);

  it('is reached over TCP when its folder is too deep for a socket', async () => {
    const deep = path.resolve(`test-data/socket-${process.pid}-${'d'.repeat(110)}`);
    expect(await addressOfClusterIn(deep)).toBe('127.0.0.1/32');
  }, 60_000);
});
