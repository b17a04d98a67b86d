import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { FeedFetchError } from './errors';

/** Host name to every address it resolves to (the system resolver in production; a table in tests). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type AllowList = ReadonlyArray<{ host: string; port: number }>;

/** IPv4 ranges ipaddr.js calls "unicast" that are still not the public internet. */
const EXTRA_V4 = ['0.0.0.0/8', '192.0.0.0/24', '198.18.0.0/15'].map((c) => ipaddr.IPv4.parseCIDR(c));
/** RFC 8215 local-use NAT64 (ipaddr.js files it with 64:ff9b::/96). */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** IPv4-compatible IPv6 (deprecated ::a.b.c.d): ipaddr.js calls most of it "unicast". */
const V4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

function v4Problem(v4: ipaddr.IPv4): string | null {
  const range = v4.range();
  if (range !== 'unicast') return range;
  if (EXTRA_V4.some((cidr) => v4.match(cidr))) return 'reserved';
  return null;
}

const embeddedV4 = (v6: ipaddr.IPv6) => {
  const b = v6.toByteArray();
  return new ipaddr.IPv4(b.slice(12, 16));
};

/**
 * Null when `address` is a public unicast address; otherwise the name of the range it falls in
 * (loopback, private, linkLocal, carrierGradeNat, uniqueLocal, ...). IPv6 forms that carry an IPv4
 * address are judged by that address; 6to4 and Teredo (relays to who knows where) are refused.
 */
export function addressProblem(address: string): string | null {
  if (address.includes('%')) return 'zone';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv4') return v4Problem(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v4Problem(v6.toIPv4Address());
  const range = v6.range();
  if (range === 'rfc6145') return v4Problem(embeddedV4(v6)) ?? range;
  if (v6.match(LOCAL_NAT64)) return 'rfc8215';
  // NAT64: a public IPv4 behind the operator's translator is a public address.
  if (v6.match(NAT64)) return v4Problem(embeddedV4(v6));
  if (range !== 'unicast') return range;
  if (v6.match(V4_COMPATIBLE)) return 'ipv4Compatible';
  return null;
}

const canonical = (address: string) => ipaddr.process(address).toString();

/** The allow-list is honoured for loopback addresses only, on the exact port. */
export function isAllowed(address: string, port: number, allow: AllowList | undefined): boolean {
  if (!allow?.length) return false;
  let target: string;
  try {
    if (ipaddr.process(address).range() !== 'loopback') return false;
    target = canonical(address);
  } catch {
    return false;
  }
  return allow.some((entry) => entry.port === port && ipaddr.isValid(entry.host) && canonical(entry.host) === target);
}

const RANGE_WORDS: Record<string, string> = {
  loopback: 'this machine (loopback)',
  private: 'a private network',
  linkLocal: 'a link-local network (cloud metadata lives there)',
  uniqueLocal: 'a private IPv6 network',
  carrierGradeNat: 'a carrier-grade NAT network',
  unspecified: 'an unspecified address',
  multicast: 'a multicast group',
  broadcast: 'the broadcast address',
};

/** The refusal for an address, worded for the user (the range, not the address). */
const addressError = (problem: string, redirected = false) =>
  new FeedFetchError(
    'address',
    `The feed address ${redirected ? 'redirects to' : 'points to'} ${RANGE_WORDS[problem] ?? `a reserved address range (${problem})`}; only servers on the public internet are fetched.`,
  );

/**
 * Resolves `host` once and checks every address it has (one bad address is enough to refuse: the
 * system may pick any of them). Returns the address to connect to.
 */
export async function checkedAddress(
  host: string,
  literal: boolean,
  port: number,
  { resolve, allow, signal, redirected = false }: { resolve: Resolver; allow?: AllowList; signal: AbortSignal; redirected?: boolean },
): Promise<string> {
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      addresses = await abortable(resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new FeedFetchError('dns', `The feed's host name ${host} cannot be found.`);
    }
    if (addresses.length === 0) throw new FeedFetchError('dns', `The feed's host name ${host} cannot be found.`);
  }
  for (const address of addresses) {
    if (isAllowed(address, port, allow)) continue;
    const problem = addressProblem(address);
    if (problem) throw addressError(problem, redirected);
  }
  return ipaddr.process(addresses[0]!).toString();
}

/** A promise that rejects with the signal's reason as soon as it aborts (DNS lookups cannot be cancelled). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Allow-list from env FEED_FETCH_ALLOW (e.g. "127.0.0.1:5555,[::1]:6000"), for the local test
 * stack only: entries must be loopback addresses (anything else is a configuration error).
 */
export function allowFromEnv(env: NodeJS.ProcessEnv = process.env, name = 'FEED_FETCH_ALLOW'): AllowList | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  const allow: AllowList = text.split(',').map((entry) => {
    const match = /^\s*(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})\s*$/.exec(entry);
    const host = match?.[1] ?? match?.[2];
    const port = Number(match?.[3]);
    if (!host || !ipaddr.isValid(host) || ipaddr.process(host).range() !== 'loopback' || port < 1 || port > 65535) {
      throw new Error(`${name}: "${entry.trim()}" is not a loopback address:port`);
    }
    return { host: ipaddr.process(host).toString(), port };
  });
  return allow;
}
