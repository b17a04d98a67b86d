import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { allowFromEnv, checkedAddress, isAllowed, systemResolver, type AllowList, type Resolver } from './feed-fetch/address';
import { FeedFetchError, type FeedFetchErrorCode } from './feed-fetch/errors';
import { fixedLookup } from './feed-fetch/http';
import { parseTarget } from './feed-fetch/target';

/**
 * The one way the server POSTs to a webhook endpoint, behind the feed fetch's SSRF guard
 * (docs/feed-fetch.md): https only, the host resolved once and every address checked, the socket
 * connected to the checked address, redirects refused (a receiver that moved is given its new
 * URL by its owner, not followed blindly), a whole-request time cap and a cap on the answer read.
 */

export type WebhookPostErrorCode = FeedFetchErrorCode;

export class WebhookPostError extends Error {
  override readonly name = 'WebhookPostError';
  constructor(
    readonly code: WebhookPostErrorCode,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface WebhookPostOptions {
  timeoutMs: number;
  /** Bytes of the answer read at most (the rest is dropped, the socket closed). */
  maxResponseBytes: number;
  /** Tests only (WEBHOOK_ALLOW): loopback host:port pairs that may be reached, over plain http. */
  allow?: AllowList;
  resolve?: Resolver;
}

export const WEBHOOK_LIMITS = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 } as const;

/** The test stack's receivers (WEBHOOK_ALLOW, loopback pairs only, never set by the CDK: test/infra checks). */
export const webhookAllowFromEnv = (env: NodeJS.ProcessEnv = process.env): AllowList | undefined =>
  allowFromEnv(env, 'WEBHOOK_ALLOW');

/**
 * Whether the endpoint points at an address the guard refuses (loopback, private, link-local,
 * metadata...), asked when it is registered so the user hears it then. A name that does not resolve
 * (yet) is not refused here: each delivery checks again.
 */
export async function pointsInside(url: string, options: { allow?: AllowList; resolve?: Resolver } = {}): Promise<boolean> {
  try {
    const target = parseTarget(url);
    const allow = options.allow ?? webhookAllowFromEnv();
    await checkedAddress(target.host, target.literal, target.port, { resolve: options.resolve ?? systemResolver, signal: AbortSignal.timeout(3000), ...(allow ? { allow } : {}) });
    return false;
  } catch (error) {
    return error instanceof FeedFetchError && error.code === 'address';
  }
}

/** Answers the endpoint's status (2xx); throws WebhookPostError otherwise. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, options: WebhookPostOptions): Promise<{ status: number }> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  try {
    const target = parseTarget(url);
    if (target.scheme !== 'https') throw new WebhookPostError('scheme', null, 'Only https endpoints are called.');
    const address = await checkedAddress(target.host, target.literal, target.port, { resolve: options.resolve ?? systemResolver, signal: deadline, ...(options.allow ? { allow: options.allow } : {}) });
    // A test's receiver on an allowed loopback port has no certificate: plain http, there only.
    const plain = target.literal && ipaddr.isValid(address) && isAllowed(address, target.port, options.allow);
    return await post(target.url, target.host, target.port, address, plain, body, headers, options.maxResponseBytes, deadline);
  } catch (error) {
    if (error instanceof WebhookPostError) throw error;
    if (error instanceof FeedFetchError) throw new WebhookPostError(error.code, null, error.message);
    if (deadline.aborted) throw new WebhookPostError('timeout', null, `The endpoint did not answer within ${Math.round(options.timeoutMs / 1000)} s.`);
    throw new WebhookPostError('connection', null, 'The endpoint cannot be reached.');
  }
}

function post(
  url: URL,
  host: string,
  port: number,
  address: string,
  plain: boolean,
  body: string,
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = (plain ? http : https).request({
      host,
      port,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'onboarding-portal-webhook/1' },
      lookup: fixedLookup(address),
      agent: false,
      signal,
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      // The answer is not used: read a little (a receiver may answer before reading all), then hang up.
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxBytes) response.destroy();
      });
      const settle = () => {
        if (status >= 200 && status <= 299) resolve({ status });
        else if (status >= 300 && status <= 399) reject(new WebhookPostError('redirect', status, `The endpoint redirected (HTTP ${status}); redirects are not followed.`));
        else reject(new WebhookPostError('status', status, `The endpoint answered HTTP ${status}.`));
      };
      response.once('end', settle);
      response.once('close', settle);
      response.once('error', settle);
    });
    request.end(body);
  });
}
