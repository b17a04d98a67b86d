/**
 * What the local stack exposes on a developer's machine (security issue 20, "local stack"):
 * the Invoke API takes only requests signed with the local credentials, the gateway answers only
 * its own host names (DNS rebinding), every emulator listens on 127.0.0.1 only, and the Vite dev
 * server serves the app but no key file. The last block runs a real `npm start` on free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../../localstack/emulators';
import { signedEventInvoke, type InvokeTarget } from '../../functions/platform/lambda-invoke';
import { localStack } from '../support/local-stack';

const { url, env, endpoints } = localStack();
const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch: fetch will not send a Host header of our choosing. */
function raw(target: string, options: { method?: string; headers?: Record<string, string>; body?: Uint8Array | string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(target, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const target = (secretAccessKey = env.AWS_SECRET_ACCESS_KEY): InvokeTarget => ({
  endpoint: url,
  region: env.AWS_REGION,
  credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey },
});

/** A signed Event invoke of `name`, sent as signed (or changed by `tamper` after signing). */
async function invoke(name: string, options: { secret?: string; now?: Date; tamper?: (headers: Record<string, string>) => Uint8Array | void } = {}) {
  const payload = new TextEncoder().encode('{}');
  const signed = await signedEventInvoke(name, payload, target(options.secret), options.now ?? new Date());
  const body = options.tamper?.(signed.headers) ?? signed.body;
  return raw(signed.url.href, { method: 'POST', headers: signed.headers, body });
}

describe('the local Invoke API', () => {
  const path = `${url}/2015-03-31/functions/no-such-function/invocations`;

  it('refuses an unsigned request or a header that merely looks signed (403)', async () => {
    expect((await raw(path, { method: 'POST', body: '{}' })).status).toBe(403);
    const lookalike = await raw(path, {
      method: 'POST',
      headers: { authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20240101/us-east-1/lambda/aws4_request, SignedHeaders=host, Signature=abc' },
      body: '{}',
    });
    expect(lookalike.status).toBe(403);
    expect(lookalike.headers['x-amzn-errortype']).toBe('InvalidSignatureException');
  });

  it('refuses a signature made with another secret, an old date, or over another body (403)', async () => {
    expect((await invoke('no-such-function', { secret: 'not-the-local-secret' })).status).toBe(403);
    // Fixed offsets either side of the 5-minute window, not a race with the clock.
    expect((await invoke('no-such-function', { now: new Date(Date.now() - 10 * 60_000) })).status).toBe(403);
    expect((await invoke('no-such-function', { now: new Date(Date.now() + 10 * 60_000) })).status).toBe(403);
    const otherBody = await invoke('no-such-function', {
      tamper: (headers) => {
        headers['content-length'] = '2';
        return new TextEncoder().encode('[]');
      },
    });
    expect(otherBody.status).toBe(403);
    const otherInvocationType = await invoke('no-such-function', {
      tamper: (headers) => {
        headers['x-amz-invocation-type'] = 'RequestResponse';
      },
    });
    expect(otherInvocationType.status).toBe(403);
  });

  it('takes a correctly signed request: ours, and the SDK client\'s', async () => {
    // Past the signature check, the unknown function is Lambda's 404.
    const ours = await invoke('no-such-function');
    expect(ours.status).toBe(404);
    expect(ours.headers['x-amzn-errortype']).toBe('ResourceNotFoundException');

    const sdk = (secretAccessKey: string) =>
      new LambdaClient({ endpoint: url, region: env.AWS_REGION, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey }, maxAttempts: 1 });
    const right = sdk(env.AWS_SECRET_ACCESS_KEY);
    const wrong = sdk('not-the-local-secret');
    try {
      await expect(right.send(new InvokeCommand({ FunctionName: 'no-such-function', InvocationType: 'Event', Payload: '{}' }))).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
      });
      await expect(wrong.send(new InvokeCommand({ FunctionName: 'no-such-function', InvocationType: 'Event', Payload: '{}' }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      right.destroy();
      wrong.destroy();
    }
  });
});

/** 421 for every foreign Host, with or without an Origin equal to it (a DNS-rebinding page). */
async function expectForeignHostsRefused(base: string): Promise<void> {
  const port = new URL(base).port;
  for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`]) {
    const plain = await raw(`${base}/api/users/current`, { headers: { host } });
    expect(plain.status, host).toBe(421);
    const rebinding = await raw(`${base}/api/security/login`, {
      method: 'POST',
      headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@example.com', password: 'wrong' }),
    });
    expect(rebinding.status, host).toBe(421);
    expect(JSON.parse(rebinding.body)).toMatchObject({ code: 'misdirected-request' });
    expect((await raw(`${base}/`, { headers: { host } })).status, host).toBe(421);
  }
}

describe('the gateway\'s host names', () => {
  it('answers 421 to a foreign Host, with or without an Origin equal to it', async () => {
    await expectForeignHostsRefused(url);
  });

  it('still answers both loopback names, and the portal\'s own origin passes the request guard', async () => {
    const port = new URL(url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const login = await raw(`${url}/api/security/login`, {
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password-1' }),
      });
      // Past the cross-site guard: a wrong login, not a refused origin.
      expect(login.status, host).toBe(401);
    }
  });
});

describe('the emulators are closed to web pages', () => {
  // Every server a developer's browser could reach besides the gateway: the four emulators, the SES
  // front the handlers send through, and the local SQS (emulator-guard.mjs, DynamoDbLocalOnLoopback.java).
  const servers = (): Record<string, string> => ({
    ...endpoints,
    'ses front': env.AWS_ENDPOINT_URL_SESV2!,
    sqs: (env as Record<string, string>).AWS_ENDPOINT_URL_SQS!,
  });
  const evil = 'http://evil.example';

  it('answers 421 to a foreign Host (DNS rebinding), whatever the Origin', async () => {
    for (const [name, base] of Object.entries(servers())) {
      const port = new URL(base).port;
      for (const headers of <Record<string, string>[]>[{ host: `evil.example:${port}` }, { host: `evil.example:${port}`, origin: `http://evil.example:${port}` }, { host: `127.0.0.2:${port}` }]) {
        const answer = await raw(`${base}/`, { headers });
        expect(answer.status, `${name} ${JSON.stringify(headers)}`).toBe(421);
        expect(answer.headers['access-control-allow-origin'], name).toBeUndefined();
      }
    }
  });

  it('refuses a call and a preflight from another web origin (403, no CORS header): cognito-local\'s unauthenticated admin calls included', async () => {
    for (const [name, base] of Object.entries(servers())) {
      for (const request of <{ method: string; headers: Record<string, string>; body?: string }[]>[
        { method: 'POST', headers: { origin: evil, 'content-type': 'text/plain' }, body: '{}' },
        { method: 'OPTIONS', headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-amz-target' } },
        // A form post or an image from a page of another site carries no Origin of its own on some browsers, but names the site.
        { method: 'GET', headers: { 'sec-fetch-site': 'cross-site' } },
      ]) {
        const answer = await raw(`${base}/`, request);
        expect(answer.status, `${name} ${request.method} ${JSON.stringify(request.headers)}`).toBe(403);
        expect(answer.headers['access-control-allow-origin'], name).toBeUndefined();
      }
    }
    const listUsers = await raw(`${endpoints.cognito}/`, {
      method: 'POST',
      headers: { origin: evil, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers' },
      body: JSON.stringify({ UserPoolId: env.USER_POOL_ID ?? 'any' }),
    });
    expect(listUsers.status).toBe(403);
    expect(listUsers.body).not.toContain('Username');
  });

  it('still serves the SDKs (no Origin, a loopback Host), the mail page to itself, and the portal\'s upload preflight to S3', async () => {
    for (const [name, base] of Object.entries(servers())) {
      const port = new URL(base).port;
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        const answer = await raw(`${base}/`, { headers: { host } });
        expect([403, 421], `${name} ${host}`).not.toContain(answer.status);
      }
    }
    const ses = new URL(endpoints.ses);
    const store = await raw(`${endpoints.ses}/store`, { headers: { 'sec-fetch-site': 'same-origin', origin: ses.origin } });
    expect(store.status).toBe(200);
    const upload = await raw(`${endpoints.s3}/${env.FEED_BUCKET ?? 'any'}`, {
      method: 'OPTIONS',
      headers: { origin: new URL(url).origin, 'access-control-request-method': 'POST' },
    });
    // Past the guard, s3rver answers the preflight by the bucket's CORS rule (provision.ts).
    expect(upload.status).toBe(200);
    expect(upload.headers['access-control-allow-origin']).toBeDefined();
  });
});

/** The local addresses of the sockets listening on `port` (Linux /proc/net/tcp and tcp6). */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hexPort}`)) continue;
      // Each 32-bit word of the address is little-endian.
      const words = local.split(':')[0]!.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join('').toUpperCase());
      const ipv4 = (word: string) => word.match(/../g)!.map((byte) => parseInt(byte, 16)).join('.');
      if (words.length === 1) found.push(ipv4(words[0]!));
      else if (words.slice(0, 3).join('') === '00000000000000000000FFFF') found.push(`::ffff:${ipv4(words[3]!)}`);
      else found.push(words.join('').match(/.{4}/g)!.join(':').toLowerCase());
    }
  }
  return found;
}

const LOOPBACK = ['127.0.0.1', '::ffff:127.0.0.1'];

function expectLoopbackOnly(ports: Record<string, number>): void {
  for (const [name, port] of Object.entries(ports)) {
    const addresses = listeningAddresses(port);
    expect(addresses.length, `${name} (${port}) listens`).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK, `${name} (${port}) listens on ${address}`).toContain(address);
  }
}

const portOf = (endpoint: string) => Number(new URL(endpoint).port);

describe('listening addresses', () => {
  it('has the gateway and every emulator on 127.0.0.1 only', () => {
    expectLoopbackOnly({ portal: portOf(url), ...Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, portOf(endpoint)])) });
  });
});

describe('`npm start` on free ports (Vite dev server)', () => {
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const ports: Record<string, number> = {};
  let base = '';

  beforeAll(async () => {
    for (const name of ['PORT', 'DYNAMODB_PORT', 'S3_PORT', 'SES_PORT', 'COGNITO_PORT']) {
      let port = await freePort();
      while (Object.values(ports).includes(port)) port = await freePort();
      ports[name] = port;
    }
    base = `http://127.0.0.1:${ports.PORT}`;
    // `npm start` is `tsx localstack/start.ts`: run that directly so SIGTERM reaches it.
    child = spawn(process.execPath, ['--import', 'tsx', 'localstack/start.ts'], {
      cwd: repoRoot,
      // Source code: this is about what listens where; a bundled run would rebuild every bundle here.
      env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])), WEB: 'dev', LAMBDA_CODE: 'source' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child!.once('exit', resolve));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Onboarding portal:')) resolve();
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    await exited;
    for (const port of Object.values(ports)) expect(await isPortFree(port)).toBe(true);
  }, 30_000);

  it('listens on 127.0.0.1 only, the portal and each emulator', () => {
    expectLoopbackOnly(ports);
  });

  it('answers 421 to a foreign Host, the web app included', async () => {
    await expectForeignHostsRefused(base);
  });

  it('serves the app\'s own files, but no key file and nothing else of the repository through /@fs/', async () => {
    const index = await raw(`${base}/login`);
    expect(index.status).toBe(200);
    expect(index.body).toContain('/src/main.tsx');
    const main = await raw(`${base}/src/main.tsx`);
    expect(main.status).toBe(200);
    // The pre-bundled dependencies come through /@fs/ too, and still load.
    const dep = /from "(\/@fs\/[^"]+\/node_modules\/\.vite\/deps\/[^"]+)"/.exec(main.body)?.[1];
    expect(dep).toBeDefined();
    expect((await raw(`${base}${dep}`)).status).toBe(200);
    expect((await raw(`${base}/@fs${repoRoot}/shared/routes.ts`)).status).toBe(200);

    for (const file of [
      'node_modules/cognito-local/lib/keys/cognitoLocal.private.json',
      'functions/platform/feed-fetch/test-fixtures/feed-test.key',
      'functions/pipeline/handler.ts',
      'package.json',
    ]) {
      const answer = await raw(`${base}/@fs${repoRoot}/${file}`);
      expect([403, 404], file).toContain(answer.status);
      expect(answer.body, file).not.toMatch(/"d"\s*:|PRIVATE KEY|timingSafeEqual|"scripts"/);
    }
  });
});
