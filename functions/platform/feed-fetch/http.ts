import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { checkedAddress } from './address';
import { tooLarge } from './body';
import { FeedFetchError } from './errors';
import { parseTarget, redactUrl, type FeedTarget } from './target';
import type { Opened, TransportContext } from './transport';

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Node's `lookup` hook answering with the address already checked: the socket never asks DNS again. */
export function fixedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * GET over http(s), following at most 5 redirects, each one checked like the first URL. Bodies
 * are asked for with gzip/deflate/br and decoded here; the caller's size cap counts decoded bytes
 * (a small compressed bomb still stops at maxBytes).
 */
export async function openHttp(first: FeedTarget, ctx: TransportContext): Promise<Opened> {
  let target = first;
  for (let redirects = 0; ; redirects++) {
    const address = await checkedAddress(target.host, target.literal, target.port, { ...ctx, redirected: redirects > 0 });
    const response = await get(target, address, ctx);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new FeedFetchError('redirect', `The feed's server answered HTTP ${status} without saying where to.`);
      if (redirects >= MAX_REDIRECTS) throw new FeedFetchError('redirect', `The feed's server redirected more than ${MAX_REDIRECTS} times.`);
      let next: URL;
      try {
        next = new URL(location, target.url);
      } catch {
        throw new FeedFetchError('redirect', "The feed's server redirected to an invalid address.");
      }
      // A redirect may only go to another http(s) URL (not to ftp:, file:, gopher: ...).
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new FeedFetchError('redirect', "The feed's server redirected to an address that is not http or https.");
      }
      target = parseTarget(next);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new FeedFetchError('status', `The feed's server answered HTTP ${status}.`, status);
    }
    const length = response.headers['content-length'] !== undefined ? Number(response.headers['content-length']) : null;
    if (length !== null && Number.isFinite(length) && length > ctx.maxBytes) {
      response.destroy();
      throw tooLarge(ctx.maxBytes);
    }
    const encoding = String(response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const decoded = decode(response, encoding);
    return { stream: decoded, contentLength: decoded === response && length !== null && Number.isFinite(length) ? length : null, url: redactUrl(target.url) };
  }
}

function decode(response: IncomingMessage, encoding: string): Readable {
  if (encoding === 'identity' || encoding === '') return response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  if (!decoder) {
    response.destroy();
    throw new FeedFetchError('protocol', `The feed's server sent an unsupported encoding (${encoding.slice(0, 40)}).`);
  }
  // Destroying the decoder (the caller's destroy()) must also close the socket, and a socket
  // error must reach the decoder's reader.
  decoder.once('close', () => response.destroy());
  response.once('error', (error) => decoder.destroy(error));
  response.pipe(decoder);
  return decoder;
}

function get(target: FeedTarget, address: string, ctx: TransportContext): Promise<IncomingMessage> {
  const secure = target.scheme === 'https';
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (secure ? https : http).request({
      // The URL's own host name: Node writes it into the Host header and the TLS SNI / certificate
      // check; `lookup` answers the checked address so no second DNS query can change the target.
      host: target.host,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: 'GET',
      headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'onboarding-portal-feed-check/1' },
      lookup: fixedLookup(address),
      // No pooled sockets: a kept-alive socket to the same name could point elsewhere.
      agent: false,
      signal: ctx.signal,
      ...(secure && ctx.ca ? { ca: ctx.ca } : {}),
    });
    if (ctx.idleTimeoutMs) {
      request.setTimeout(ctx.idleTimeoutMs, () => request.destroy(new FeedFetchError('timeout', `The feed's server did not answer within ${Math.round(ctx.idleTimeoutMs! / 1000)} s.`)));
    }
    request.once('response', (response) => {
      // From here the body guard watches idleness; the socket's own timer would double it.
      request.setTimeout(0);
      resolve(response);
    });
    request.once('error', (error) => reject(ctx.signal.aborted ? ctx.signal.reason : connectionError(error)));
    request.end();
  });
}

function connectionError(error: Error): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return new FeedFetchError('connection', "The feed's server refused the connection.");
  if (code === 'ETIMEDOUT') return new FeedFetchError('timeout', "The feed's server could not be reached in time.");
  if (/CERT|SSL|TLS|ERR_SSL/i.test(code) || /certificate/i.test(error.message)) {
    return new FeedFetchError('connection', "The feed's server has no valid TLS certificate for its name.");
  }
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return new FeedFetchError('protocol', "The feed's server did not answer in HTTP.");
  return new FeedFetchError('connection', "The feed's server cannot be reached.");
}
