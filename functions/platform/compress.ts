import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { gzipSync } from 'node:zlib';
import { ACCEPT_ENCODING_HEADER } from './config/resources';

/** Below this, gzip's own header and table cost more than they save (CloudFront's floor is 1,000 bytes). */
const MIN_BYTES = 1024;
const TEXT = /^(?:application\/json|text\/)/i;

/** Whether the caller takes gzip: `gzip` or `*` in Accept-Encoding, not refused with q=0. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q) > 0);
  });
}

const headerOf = (headers: Record<string, unknown> | undefined, name: string): string | undefined => {
  const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found === undefined ? undefined : String(found[1]);
};

/**
 * An answer gzipped for a caller that takes it: JSON or text of at least MIN_BYTES, not already
 * encoded. The rest is returned as it is.
 *
 * Why here: CloudFront compresses only what a cache policy with gzip enabled lets it cache, and
 * /api/* runs with caching disabled (lib/web.ts): without this, every answer reached a phone
 * uncompressed, e.g. the translations editor's 285 KB of catalogues or the 88 default
 * collectors' 55 KB. What the viewer accepts arrives as ACCEPT_ENCODING_HEADER (CloudFront may not
 * forward Accept-Encoding itself); API Gateway passes the base64 body on as bytes, and CloudFront
 * passes an encoded answer on as it is.
 */
export function compressed(answer: APIGatewayProxyStructuredResultV2, acceptEncoding: string | undefined): APIGatewayProxyStructuredResultV2 {
  const { body, headers } = answer;
  if (typeof body !== 'string' || answer.isBase64Encoded || Buffer.byteLength(body) < MIN_BYTES) return answer;
  if (!TEXT.test(headerOf(headers, 'content-type') ?? '') || headerOf(headers, 'content-encoding') !== undefined) return answer;
  // Caches (the browser's) keep one copy per encoding.
  const vary = { vary: 'accept-encoding' };
  if (!acceptsGzip(acceptEncoding)) return { ...answer, headers: { ...headers, ...vary } };
  const etag = headerOf(headers, 'etag');
  return {
    ...answer,
    headers: {
      ...headers,
      ...vary,
      'content-encoding': 'gzip',
      // The bytes differ from the plain answer's: a strong validator becomes weak, as CloudFront does.
      ...(etag && !etag.startsWith('W/') ? { etag: `W/${etag}` } : {}),
    },
    body: gzipSync(body).toString('base64'),
    isBase64Encoded: true,
  };
}

/** The handler pipeline's last step (pipeline/handler.ts): its answer, compressed when the caller takes gzip. */
export function compressAnswers(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    name: 'portal-compress',
    after: (request) => {
      if (request.response) request.response = compressed(request.response, headerOf(request.event.headers, ACCEPT_ENCODING_HEADER));
    },
  };
}
