import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { reply, route } from '../../shared/routes';
import { ACCEPT_ENCODING_HEADER } from './config/resources';
import { acceptsGzip, compressed } from './compress';
import { httpHandler } from '../pipeline/http';

const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item ${i}` })) };
const answer = (body: string, headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }) => ({ statusCode: 200, headers, body });

describe('API answers compressed', () => {
  it('reads what the caller takes from Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('gzips JSON of 1 KB or more for a caller that takes it, and says so', () => {
    const text = JSON.stringify(big);
    const result = compressed(answer(text, { 'content-type': 'application/json; charset=utf-8', etag: '"t1-en"' }), 'gzip, br');
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', etag: 'W/"t1-en"' });
    expect(gunzipSync(Buffer.from(result.body!, 'base64')).toString('utf8')).toBe(text);
    expect(Buffer.from(result.body!, 'base64').length).toBeLessThan(text.length / 3);
  });

  it('leaves small, binary, already encoded answers and callers without gzip alone', () => {
    const small = answer('{"ok":true}');
    expect(compressed(small, 'gzip')).toBe(small);
    const image = answer('x'.repeat(5000), { 'content-type': 'image/png' });
    expect(compressed(image, 'gzip')).toBe(image);
    const encoded = answer('x'.repeat(5000), { 'content-type': 'text/plain', 'content-encoding': 'br' });
    expect(compressed(encoded, 'gzip')).toBe(encoded);
    const plain = compressed(answer(JSON.stringify(big)), 'identity');
    expect(plain.isBase64Encoded).toBeUndefined();
    expect(plain.headers).toMatchObject({ vary: 'accept-encoding' });
    expect(JSON.parse(plain.body!)).toEqual(big);
  });

  it('is the last step of every handler: its answer, by what CloudFront passed on', async () => {
    const list = route({ id: 'test-list', area: 'test', summary: 'A test list', method: 'GET', path: '/api/test/list', access: 'public', response: reply<typeof big>() });
    const handler = httpHandler(list).handle(async () => ({ body: big }));
    const event = (headers: Record<string, string>): APIGatewayProxyEventV2 =>
      ({ version: '2.0', routeKey: 'GET /api/test/list', rawPath: '/api/test/list', rawQueryString: '', headers, requestContext: { http: { method: 'GET' } }, isBase64Encoded: false }) as APIGatewayProxyEventV2;
    const zipped = await handler(event({ [ACCEPT_ENCODING_HEADER]: 'gzip, deflate, br' }));
    expect(zipped.headers?.['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(zipped.body!, 'base64')).toString('utf8'))).toEqual(big);
    const plain = await handler(event({}));
    expect(JSON.parse(plain.body!)).toEqual(big);
  });
});
