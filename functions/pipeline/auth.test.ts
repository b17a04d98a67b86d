import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_CLOCK_SKEW_SECONDS } from '../core/security/session-rules';
import { verifyAccessToken } from './auth';

/** Token verification against a JWKS served like Cognito's (`${issuer}/.well-known/jwks.json`). */

let server: Server;
let issuer: string;
let sign: (claims: JWTPayload, options?: { expiresIn?: string; issuer?: string; key?: 'pool' | 'stranger'; issuedAt?: number }) => Promise<string>;
const saved = { ...process.env };

beforeAll(async () => {
  const pool = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pool.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    if (req.url?.endsWith('/.well-known/jwks.json')) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local_pool`;
  process.env.TOKEN_ISSUER = issuer;
  process.env.USER_POOL_CLIENT_ID = 'web-client';
  sign = (claims, options = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setIssuedAt(options.issuedAt)
      .setIssuer(options.issuer ?? issuer)
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.key === 'stranger' ? stranger.privateKey : pool.privateKey);
});

afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => server.close(resolve));
});

const access = { sub: 'user-1', token_use: 'access', client_id: 'web-client' };

describe('verifyAccessToken', () => {
  it('accepts an access token of the pool and app client, and names its user and issue time', async () => {
    const verified = await verifyAccessToken(await sign(access));
    expect(verified).toEqual({ userId: 'user-1', issuedAt: expect.any(Number) });
    expect(Math.abs(verified!.issuedAt - Date.now() / 1000)).toBeLessThan(5);
  });

  it('refuses id tokens, other app clients, other issuers and other keys', async () => {
    expect(await verifyAccessToken(await sign({ ...access, token_use: 'id' }))).toBeNull();
    expect(await verifyAccessToken(await sign({ ...access, client_id: 'other-client' }))).toBeNull();
    expect(await verifyAccessToken(await sign(access, { issuer: 'http://127.0.0.1:1/other_pool' }))).toBeNull();
    expect(await verifyAccessToken(await sign(access, { key: 'stranger' }))).toBeNull();
  });

  it('refuses garbage and unsigned tokens', async () => {
    expect(await verifyAccessToken('not-a-token')).toBeNull();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(access)).toString('base64url')}.`;
    expect(await verifyAccessToken(unsigned)).toBeNull();
  });

  it('refuses a token issued in the future beyond the clock skew, even for refresh and logout', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ahead = await sign(access, { issuedAt: now + TOKEN_CLOCK_SKEW_SECONDS + 60, expiresIn: '2h' });
    expect(await verifyAccessToken(ahead)).toBeNull();
    expect(await verifyAccessToken(ahead, { allowExpired: true })).toBeNull();
    // Within the skew (the issuer's clock a little ahead): accepted.
    const slightly = await sign(access, { issuedAt: now + 2 });
    expect(await verifyAccessToken(slightly)).toMatchObject({ userId: 'user-1', issuedAt: now + 2 });
  });

  it('refuses an expired token, unless the caller only needs to know whose session it was', async () => {
    const expired = await sign(access, { expiresIn: '-10m' });
    expect(await verifyAccessToken(expired)).toBeNull();
    expect(await verifyAccessToken(expired, { allowExpired: true })).toMatchObject({ userId: 'user-1' });
  });
});
