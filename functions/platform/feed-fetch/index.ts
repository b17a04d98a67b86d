/**
 * The one way the server fetches a feed URL (http, https, ftp, sftp) behind an SSRF guard:
 * scheme allow-list, host resolved once and every address checked, the connection made to the
 * checked address, redirects re-checked, FTP passive replies held to the same host, size and time
 * caps, credentials (ftp/sftp only) never in a message. What is refused and why: docs/feed-fetch.md.
 */
import type { Readable } from 'node:stream';
import { abortable, systemResolver, type Resolver } from './address';
import { FEED_RATE_FLOOR, guardBody, type RateFloor } from './body';
import { FeedFetchError } from './errors';
import { openHttp } from './http';
import { parseTarget } from './target';
import type { Opened, TransportContext } from './transport';

export { allowFromEnv } from './address';
export { FEED_RATE_FLOOR, type RateFloor } from './body';
export { FeedFetchError, type FeedFetchErrorCode } from './errors';
export { hostKeyFingerprint, sameSftpServer } from './host-key';
export { redactUrl } from './target';

export interface FeedFetchOptions {
  /** The body errors with code 'too-large' past it; refused before any byte when Content-Length / SIZE tells. */
  maxBytes: number;
  /** Whole-transfer cap, connection to last byte -> 'timeout'. */
  timeoutMs: number;
  /** No byte for this long -> 'timeout' (slow-loris servers). */
  idleTimeoutMs?: number;
  /** Under this average rate -> 'too-slow' (a server dripping bytes); default FEED_RATE_FLOOR. */
  minRate?: RateFloor;
  /** Aborting it stops the transfer; openFeed rejects (and the body errors) with the signal's reason. */
  signal?: AbortSignal;
  /**
   * sftp: the fingerprint (OpenSSH form "SHA256:<base64>") the server's host key must have, checked
   * before any password is sent; another key -> 'host-key'. Without it any key is accepted (and reported).
   */
  sftpHostKey?: string;
  /** Test configuration only: loopback host:port pairs that may be reached (never set in production code). */
  allow?: ReadonlyArray<{ host: string; port: number }>;
}

export interface FetchedFeed {
  /** The bytes (Buffers); destroy() aborts the transfer. */
  body: Readable;
  contentLength: number | null;
  /** Final URL after redirects, credentials removed. */
  url: string;
  /** sftp only: the fingerprint of the host key the server presented (to pin it). */
  hostKey?: string;
}

/** For tests of this module: a resolver table instead of DNS, and a trusted test certificate. */
export interface FeedFetchInternals {
  resolve?: Resolver;
  ca?: string | Buffer;
  /** The rate floor's clock (ms). */
  now?: () => number;
}

export function openFeed(url: string, options: FeedFetchOptions): Promise<FetchedFeed> {
  return openFeedWith(url, options, {});
}

export async function openFeedWith(url: string, options: FeedFetchOptions, internals: FeedFetchInternals): Promise<FetchedFeed> {
  const target = parseTarget(url);
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new FeedFetchError('timeout', `The feed was not fetched within ${Math.round(options.timeoutMs / 1000)} s.`)),
    options.timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const ctx: TransportContext = {
    resolve: internals.resolve ?? systemResolver,
    signal,
    maxBytes: options.maxBytes,
    ...(options.allow ? { allow: options.allow } : {}),
    ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
    ...(options.sftpHostKey ? { sftpHostKey: options.sftpHostKey } : {}),
    ...(internals.ca ? { ca: internals.ca } : {}),
  };
  let opened: Opened;
  try {
    // ssh2 and basic-ftp load only when an ftp/sftp feed is fetched (ssh2 alone takes ~100+ ms to load).
    const open = target.scheme === 'ftp' ? (await import('./ftp')).openFtp : target.scheme === 'sftp' ? (await import('./sftp')).openSftp : openHttp;
    const pending = open(target, ctx);
    // Opened just as the deadline struck: nobody will read it, close it.
    pending.then((late) => signal.aborted && late.stream.destroy(), () => undefined);
    opened = await abortable(pending, signal);
  } catch (error) {
    clearTimeout(timer);
    throw signal.aborted ? signal.reason : error;
  }
  const body = guardBody(
    opened.stream,
    {
      maxBytes: options.maxBytes,
      signal,
      minRate: options.minRate ?? FEED_RATE_FLOOR,
      ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
      ...(internals.now ? { now: internals.now } : {}),
    },
    () => clearTimeout(timer),
  );
  return { body, contentLength: opened.contentLength, url: opened.url, ...(opened.hostKey ? { hostKey: opened.hostKey } : {}) };
}
