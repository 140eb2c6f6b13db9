// The caller's address as rate limits and throttles see it. Behind TRUST_PROXY proxies, each of them appended
// the address it got the request from to X-Forwarded-For; everything left of those entries is written by the
// client and worth nothing, so the client is the entry the outermost trusted proxy wrote.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIPv6 } from 'node:net';
import type { Config } from '../config.ts';

/** Any app of the server whose requests know the config (the site API, the back office). */
type WithConfig = { Variables: { config: Config } };

function socketAddress<E extends WithConfig>(c: Context<E>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'local';
  }
}

/**
 * With `hops` trusted proxies the socket's peer is the nearest proxy and the last `hops - 1` entries of the
 * header came from the others, so the client is entry number `hops` counted from the right. A header shorter
 * than that reached us without passing every proxy: the peer is all we know.
 */
export function forwardedClient(header: string | undefined, hops: number, peer: string): string {
  if (hops === 0 || !header) return peer;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries[entries.length - hops] ?? peer;
}

export function clientIp<E extends WithConfig>(c: Context<E>): string {
  const hops = (c.get('config') as Config | undefined)?.trustedProxies ?? 0;
  return forwardedClient(c.req.header('x-forwarded-for'), hops, socketAddress(c));
}

/** The eight 16-bit groups of an IPv6 address, with `::` expanded and a dotted IPv4 tail counted as two. */
function ipv6Groups(address: string): string[] {
  const split = (part: string) => (part ? part.split(':') : []);
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  if (!address.includes('::')) return split(address);
  const [head = '', tail = ''] = address.split('::');
  const left = split(head);
  const right = split(tail);
  return [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
}

/**
 * What limits and throttles count a client under: an IPv6 client is its /64 (a subscriber's network, whose
 * addresses are all theirs to rotate through), an IPv4 client (also mapped into IPv6) its own address.
 */
export function limitKey(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The caller as limits and throttles count it (see limitKey). */
export function clientLimitKey<E extends WithConfig>(c: Context<E>): string {
  return limitKey(clientIp(c));
}
