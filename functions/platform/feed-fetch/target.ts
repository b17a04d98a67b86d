import ipaddr from 'ipaddr.js';
import { FeedFetchError } from './errors';
import { redactUrl } from './redact';

export { redactUrl };

type FeedScheme = 'http' | 'https' | 'ftp' | 'sftp';

const DEFAULT_PORTS: Record<FeedScheme, number> = { http: 80, https: 443, ftp: 21, sftp: 22 };

/** A feed URL taken apart once, its host in canonical form (an IP literal in its one standard spelling). */
export interface FeedTarget {
  url: URL;
  scheme: FeedScheme;
  /** Lower case, no brackets: a DNS name or a canonical IP address. */
  host: string;
  /** Set when `host` is an IP literal: no DNS is asked. */
  literal: boolean;
  port: number;
  /** Decoded; ftp and sftp only. */
  username?: string;
  password?: string;
}

const isScheme = (s: string): s is FeedScheme => s in DEFAULT_PORTS;

export function parseTarget(input: string | URL): FeedTarget {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    throw new FeedFetchError('url', 'The feed address is not a valid URL.');
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!isScheme(scheme)) throw new FeedFetchError('scheme', 'Only http, https, ftp and sftp feed addresses are accepted.');
  // sftp: is not a "special" scheme for the WHATWG parser, so its host is left opaque (percent
  // escapes, 0x7f.1...). Re-parsing the host as an http one gives every scheme the same
  // normalisation: IDNA, percent-decoding, and the decimal/octal/hex/short IPv4 forms.
  let host: string;
  try {
    host = new URL(`http://${url.host}/`).hostname;
  } catch {
    throw new FeedFetchError('url', 'The feed address has an invalid host name.');
  }
  host = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) throw new FeedFetchError('url', 'The feed address has no host name.');
  const literal = ipaddr.isValid(host);
  // ipaddr also reads the IPv4 forms the URL parser may have left (it has normalised all we know of).
  if (literal) host = ipaddr.parse(host).toString();
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[scheme];
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new FeedFetchError('url', 'The feed address has an invalid port.');
  const hasCredentials = url.username !== '' || url.password !== '';
  if (hasCredentials && (scheme === 'http' || scheme === 'https')) {
    throw new FeedFetchError('credentials', 'A user name or password is accepted in ftp and sftp addresses only; an http(s) feed must be reachable without them.');
  }
  url.hash = '';
  return {
    url,
    scheme,
    host,
    literal,
    port,
    ...(url.username ? { username: safeDecode(url.username) } : {}),
    ...(url.password ? { password: safeDecode(url.password) } : {}),
  };
}

function safeDecode(text: string, what = 'The user name or password'): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new FeedFetchError('url', `${what} of the feed address is not correctly encoded.`);
  }
}

/** The file path of an ftp/sftp URL, decoded ("%20" -> " "). */
export const filePath = (target: FeedTarget) => safeDecode(target.url.pathname, 'The path');

