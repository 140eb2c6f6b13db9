// A local HTTP server that plays the market sources for tests (never the real ones): Binance's ticker list and
// the CBR's daily XML in windows-1251, from prices the test sets; each source can be made to fail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SourceMode = 'ok' | 'down' | 'malformed' | 'hang';

export interface PlayedSources {
  url: string;
  binance: Map<string, string>;
  /** CharCode → [Nominal, Value with a decimal comma]. */
  cbr: Map<string, [string, string]>;
  mode: { binance: SourceMode; cbr: SourceMode };
  requests: { binance: number; cbr: number };
  close(): Promise<void>;
}

/** "Доллар" in windows-1251: the bank's names are Cyrillic, so the decoder is exercised on every answer. */
const CYRILLIC_NAME = Buffer.from([0xc4, 0xee, 0xeb, 0xeb, 0xe0, 0xf0]);

function cbrBody(entries: Map<string, [string, string]>): Buffer {
  const parts: Buffer[] = [
    Buffer.from(
      '<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="22.11.2026" name="Foreign Currency Market">',
    ),
  ];
  for (const [code, [nominal, value]] of entries) {
    parts.push(Buffer.from(`<Valute ID="R0"><CharCode>${code}</CharCode><Nominal>${nominal}</Nominal><Name>`));
    parts.push(CYRILLIC_NAME);
    parts.push(Buffer.from(`</Name><Value>${value}</Value></Valute>`));
  }
  parts.push(Buffer.from('</ValCurs>'));
  return Buffer.concat(parts);
}

export async function playSources(): Promise<PlayedSources> {
  const played = {
    binance: new Map<string, string>(),
    cbr: new Map<string, [string, string]>(),
    mode: { binance: 'ok' as SourceMode, cbr: 'ok' as SourceMode },
    requests: { binance: 0, cbr: 0 },
  };
  const server: Server = createServer((request, response) => {
    const source =
      request.url === '/api/v3/ticker/price' ? 'binance' : request.url === '/scripts/XML_daily.asp' ? 'cbr' : null;
    if (!source) {
      response.writeHead(404).end();
      return;
    }
    played.requests[source] += 1;
    const mode = played.mode[source];
    if (mode === 'hang') return; // never answers: the fetch timeout has to end it
    if (mode === 'down') {
      response.writeHead(503).end('unavailable');
      return;
    }
    if (source === 'binance') {
      const body =
        mode === 'malformed'
          ? '[{"symbol":"BTCUSDT","price":97000.5}]'
          : JSON.stringify([...played.binance].map(([symbol, price]) => ({ symbol, price })));
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    const body = mode === 'malformed' ? Buffer.from('<ValCurs><Valute><CharCode>USD</CharCode>') : cbrBody(played.cbr);
    response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...played,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
