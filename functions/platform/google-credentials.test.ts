import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envNames } from './config/resources';
import { secretString } from './clients/secrets';
import { GoogleCredentialsError, googleServiceAccount, resetGoogleServiceAccount } from './google-credentials';

/**
 * Where the Google key comes from: the secrets extension on deployed stages (here a loopback
 * server speaking its protocol: GET /secretsmanager/get?secretId=…, the session token in
 * X-Aws-Parameters-Secrets-Token, GetSecretValue's JSON back), or a key file locally.
 */

const KEY = { client_email: 'reader@portal-test.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n', type: 'service_account' };
const SECRET = 'portal/prod/google-credentials';

let server: Server;
let requests: Array<{ url: string; token: string | undefined }> = [];
let answer: (secretId: string | null) => { status: number; body: string };
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push({ url: `${url.pathname}${url.search}`, token: request.headers['x-aws-parameters-secrets-token'] as string | undefined });
    if (request.headers['x-aws-parameters-secrets-token'] !== 'session-token') {
      response.writeHead(401).end('missing or wrong token');
      return;
    }
    const { status, body } = answer(url.searchParams.get('secretId'));
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  answer = (secretId) =>
    secretId === SECRET ? { status: 200, body: JSON.stringify({ Name: SECRET, SecretString: JSON.stringify(KEY), VersionId: 'v1' }) } : { status: 400, body: 'ResourceNotFoundException' };
  process.env.AWS_SESSION_TOKEN = 'session-token';
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((server.address() as AddressInfo).port);
  process.env[envNames.googleCredentialsSecret] = SECRET;
  delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
  resetGoogleServiceAccount();
});
afterEach(() => {
  process.env = { ...saved };
});

describe('secretString (the secrets extension)', () => {
  it('asks the extension for the secret by name with the session token, and returns its text', async () => {
    expect(await secretString(SECRET)).toBe(JSON.stringify(KEY));
    expect(requests).toEqual([{ url: `/secretsmanager/get?secretId=${encodeURIComponent(SECRET)}`, token: 'session-token' }]);
  });

  it('an error answer names the secret and the status', async () => {
    await expect(secretString('portal/prod/other')).rejects.toThrow('Secret portal/prod/other: the secrets extension answered 400: ResourceNotFoundException');
  });

  it('a binary secret (no SecretString) is refused', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ Name: SECRET, SecretBinary: 'AAEC' }) });
    await expect(secretString(SECRET)).rejects.toThrow(/has no text value/);
  });

  it('no extension listening is said as such', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String(port);
    await expect(secretString(SECRET)).rejects.toThrow(/did not answer .*is its layer on this function/);
  });

  it('outside Lambda (no session token) nothing is asked', async () => {
    delete process.env.AWS_SESSION_TOKEN;
    await expect(secretString(SECRET)).rejects.toThrow(/AWS_SESSION_TOKEN/);
    expect(requests).toEqual([]);
  });
});

describe('googleServiceAccount', () => {
  it('reads the key from the secret once per warm function', async () => {
    expect(await googleServiceAccount()).toEqual({ client_email: KEY.client_email, private_key: KEY.private_key });
    await googleServiceAccount();
    expect(requests).toHaveLength(1);
  });

  it('a failed read is a credentials error and is not cached', async () => {
    answer = () => ({ status: 500, body: 'boom' });
    const error = await googleServiceAccount().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleCredentialsError);
    expect((error as Error).message).toContain('answered 500: boom');
    answer = () => ({ status: 200, body: JSON.stringify({ SecretString: JSON.stringify(KEY) }) });
    expect((await googleServiceAccount()).client_email).toBe(KEY.client_email);
  });

  it('a secret that is not a key file says what to paste', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ SecretString: 'not json' }) });
    await expect(googleServiceAccount()).rejects.toThrow(/not JSON: paste the whole key file/);
  });

  it('locally: the key file named by GOOGLE_APPLICATION_CREDENTIALS', async () => {
    delete process.env[envNames.googleCredentialsSecret];
    const dir = mkdtempSync(path.join(tmpdir(), 'google-key-'));
    try {
      const file = path.join(dir, 'key.json');
      writeFileSync(file, JSON.stringify(KEY));
      process.env.GOOGLE_APPLICATION_CREDENTIALS = file;
      expect((await googleServiceAccount()).client_email).toBe(KEY.client_email);
      expect(requests).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('neither configured: says how to configure one', async () => {
    delete process.env[envNames.googleCredentialsSecret];
    await expect(googleServiceAccount()).rejects.toThrow(/No Google service account configured/);
  });
});
