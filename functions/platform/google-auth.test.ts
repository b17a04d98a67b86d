import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_TOKEN_URL, ServiceAccountAuth, signedAssertion } from './google-auth';

/**
 * The service-account sign-in against a fake token endpoint that verifies the signed assertion
 * with the public half of a key made here, and a fake API that checks the bearer token.
 */

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY = { client_email: 'reader@portal-test.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
const SCOPES = ['https://www.googleapis.com/auth/analytics.readonly'];
const API = 'https://api.example.googleapis.com/v1/thing';

let issued = 0;
let tokenAnswer: () => Response | Promise<Response>;
let apiAnswer: (authorization: string | null) => Response;
const server = setupServer(
  http.post(GOOGLE_TOKEN_URL, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload, protectedHeader } = await jwtVerify(form.get('assertion')!, await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'), {
      audience: GOOGLE_TOKEN_URL,
      issuer: KEY.client_email,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.scope).toBe(SCOPES.join(' '));
    expect(payload.exp! - payload.iat!).toBe(3600);
    return tokenAnswer();
  }),
  http.get(API, ({ request }) => apiAnswer(request.headers.get('authorization'))),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  issued = 0;
  tokenAnswer = () => HttpResponse.json({ access_token: `token-${++issued}`, expires_in: 3600, token_type: 'Bearer' });
  apiAnswer = (authorization) => HttpResponse.json({ authorization });
});

const client = (now?: () => number, timeoutMs = 5_000) => new ServiceAccountAuth(KEY, { scopes: SCOPES, timeoutMs, ...(now ? { now } : {}) });
const get = (auth: ServiceAccountAuth) => auth.request<{ authorization: string }>({ url: API, method: 'GET', responseType: 'json' });

describe('ServiceAccountAuth', () => {
  it('signs an assertion the token endpoint accepts and sends the token as a bearer', async () => {
    const answer = await get(client());
    expect(answer.status).toBe(200);
    expect(answer.data.authorization).toBe('Bearer token-1');
  });

  it('reuses the token until 5 minutes before it expires, then asks again', async () => {
    let now = Date.now() - 30 * 60_000; // the endpoint checks the assertion against the real clock
    const auth = client(() => now);
    await get(auth);
    now += 54 * 60_000; // 54 minutes later
    expect((await get(auth)).data.authorization).toBe('Bearer token-1');
    now += 2 * 60_000; // 56 minutes: within the last 5
    expect((await get(auth)).data.authorization).toBe('Bearer token-2');
    expect(issued).toBe(2);
  });

  it('shares one token request between concurrent calls', async () => {
    const auth = client();
    const [answers, token] = await Promise.all([Promise.all([get(auth), get(auth), get(auth)]), auth.accessToken()]);
    expect(issued).toBe(1);
    expect([...answers.map((a) => a.data.authorization), token]).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-1', 'token-1']);
  });

  it('a refused key is a gaxios error with Google’s answer, and is not cached', async () => {
    tokenAnswer = () => HttpResponse.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 });
    const auth = client();
    const error = (await get(auth).catch((e: unknown) => e)) as { response?: { status: number; data: unknown } };
    expect(error.response?.status).toBe(400);
    expect(error.response?.data).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    tokenAnswer = () => HttpResponse.json({ access_token: 'good', expires_in: 3600 });
    expect((await get(auth)).data.authorization).toBe('Bearer good');
  });

  it('an answer without a token is an error', async () => {
    tokenAnswer = () => HttpResponse.json({ token_type: 'Bearer' });
    await expect(client().accessToken()).rejects.toThrow(/without an access token/);
  });

  it('the token request has the call’s time limit', async () => {
    tokenAnswer = async () => {
      await delay(5_000);
      return HttpResponse.json({ access_token: 'late', expires_in: 3600 });
    };
    const started = Date.now();
    await expect(client(undefined, 200).accessToken()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('a 401 from the API gets one new token and one retry', async () => {
    apiAnswer = (authorization) => (authorization === 'Bearer token-1' ? HttpResponse.json({ error: { code: 401 } }, { status: 401 }) : HttpResponse.json({ authorization }));
    expect((await get(client())).data.authorization).toBe('Bearer token-2');
    expect(issued).toBe(2);
  });

  it('a 403 is the caller’s to read: no new token, no retry', async () => {
    let calls = 0;
    apiAnswer = () => {
      calls++;
      return HttpResponse.json({ error: { code: 403, message: 'User does not have sufficient permissions' } }, { status: 403 });
    };
    const error = (await get(client()).catch((e: unknown) => e)) as { response?: { status: number } };
    expect(error.response?.status).toBe(403);
    expect([calls, issued]).toEqual([1, 1]);
  });

  it('keeps the caller’s headers', async () => {
    apiAnswer = (authorization) => HttpResponse.json({ authorization });
    server.use(http.get(API, ({ request }) => HttpResponse.json({ authorization: request.headers.get('authorization'), client: request.headers.get('x-goog-api-client') })));
    const answer = await client().request<{ authorization: string; client: string }>({ url: API, headers: { 'x-goog-api-client': 'gdcl/test' }, responseType: 'json' });
    expect(answer.data).toEqual({ authorization: 'Bearer token-1', client: 'gdcl/test' });
  });

  it('the assertion carries the service account, the scopes and an hour of validity', () => {
    const [header, claims] = signedAssertion(KEY, SCOPES, 1_700_000_000)
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toEqual({ iss: KEY.client_email, scope: SCOPES[0], aud: GOOGLE_TOKEN_URL, iat: 1_700_000_000, exp: 1_700_003_600 });
  });
});
