import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_FILE, esbuildBuildOptions, esbuildSettings } from '../../../lib/bundling';
import { fromRoot } from '../../../lib/paths';
import type { googleProvider as GoogleProviderFactory } from '../../core/analytics/google-provider';
import { stringify } from './qs';

// qs itself (a dependency of googleapis-common, without types here): the behaviour the shim replaces.
const qs = createRequire(import.meta.url)('qs') as { stringify(params: unknown, options: { arrayFormat: 'repeat' }): string };

/**
 * The stand-ins of lib/bundling.ts `bundleAliases`: the qs shim against qs itself, and the Google
 * provider BUNDLED with the Lambda settings (so node-fetch -> native fetch, qs -> shim) making its
 * real requests against msw, as it does on Lambda.
 */

describe('qs shim', () => {
  it.each([
    [{ pageSize: 200 }],
    [{ pageSize: 200, pageToken: 'CgZwYWdlLTI=' }],
    [{ a: 'x y', b: ['1', '2'], c: undefined, d: null, e: 'a+b&c=d/é~', f: true, g: 0 }],
    [{}],
  ])('%j as qs.stringify(…, { arrayFormat: "repeat" }) says', (params) => {
    const ours = stringify(params);
    const theirs = qs.stringify(params, { arrayFormat: 'repeat' });
    // Same parameters once decoded (encodeURIComponent and qs differ only on which of !'()*~ they escape).
    expect([...new URLSearchParams(ours)]).toEqual([...new URLSearchParams(theirs)]);
  });

  it('refuses nested objects rather than sending something else than qs would', () => {
    expect(() => stringify({ a: { b: 1 } })).toThrow(/nested/);
  });
});

describe('http2 stand-in', () => {
  it('has the constants googleapis-common reads as it loads, with Node’s values, and refuses to connect', async () => {
    const standIn = await import('./no-http2');
    const node = (await import('node:http2')).constants as unknown as Record<string, string>;
    for (const [name, value] of Object.entries(standIn.constants)) expect(value, name).toBe(node[name]);
    expect(() => standIn.connect()).toThrow(/not bundled/);
  });
});

describe('google-auth-library stand-in', () => {
  it('has every class googleapis-common names, and none can be used', async () => {
    const standIn = await import('./google-auth-library');
    // The names googleapis-common's index.js re-exports and authplus.js extends or assigns.
    for (const name of ['OAuth2Client', 'JWT', 'Compute', 'UserRefreshClient', 'GoogleAuth', 'ExternalAccountClient', 'BaseExternalAccountClient', 'IdentityPoolClient', 'AwsClient'] as const) {
      const Class = standIn[name] as new () => unknown;
      expect(typeof Class).toBe('function');
      expect(() => new Class()).toThrow(/not bundled/);
    }
    // AuthPlus extends GoogleAuth as googleapis-common loads: that must work.
    expect(() => class AuthPlus extends standIn.GoogleAuth {}).not.toThrow();
  });
});

describe('the Google provider as bundled for Lambda', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'analytics-bundle-'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = { client_email: 'reader@portal-test.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  const seen: string[] = [];
  const server = setupServer(
    http.post('https://oauth2.googleapis.com/token', () => HttpResponse.json({ access_token: 'bundled-token', expires_in: 3600, token_type: 'Bearer' })),
    http.post('https://analyticsdata.googleapis.com/*', async ({ request }) => {
      seen.push(`${new URL(request.url).pathname} ${request.headers.get('authorization')} ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ rows: [{ metricValues: [{ value: '42' }] }], rowCount: 1 });
    }),
    http.get('https://analyticsadmin.googleapis.com/*', ({ request }) => {
      const url = new URL(request.url);
      seen.push(`${url.pathname}${url.search}`);
      if (url.pathname.endsWith('/customDimensions')) {
        return HttpResponse.json(
          url.searchParams.get('pageToken') === 'next page'
            ? { customDimensions: [{ parameterName: 'user_type', displayName: 'User type', scope: 'USER' }] }
            : { customDimensions: [{ parameterName: 'client_id', displayName: 'client_id', scope: 'EVENT' }], nextPageToken: 'next page' },
        );
      }
      return HttpResponse.json({ displayName: 'Bundled shop' });
    }),
  );
  let factory: typeof GoogleProviderFactory;
  let bundledInputs: string[] = [];

  beforeAll(async () => {
    const entry = fromRoot('functions/core/analytics/google-provider.ts');
    const result = await build({ ...esbuildBuildOptions(entry, dir, esbuildSettings(true)), metafile: true });
    bundledInputs = Object.keys(result.metafile.inputs);
    factory = ((await import(pathToFileURL(path.join(dir, HANDLER_FILE)).href)) as { googleProvider: typeof GoogleProviderFactory }).googleProvider;
    server.listen({ onUnhandledRequest: 'error' });
  }, 120_000);
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves node-fetch, qs, https-proxy-agent and google-auth-library (with what only it needs) out of the bundle', () => {
    const packages = bundledInputs.filter((file) =>
      /node_modules\/(node-fetch|qs|https-proxy-agent|web-streams-polyfill|google-auth-library|gtoken|gcp-metadata|json-bigint|bignumber\.js|jws)\//.test(file),
    );
    expect(packages).toEqual([]);
    expect(bundledInputs.some((file) => file.includes('bundle-shims/native-fetch.ts'))).toBe(true);
    expect(bundledInputs.some((file) => file.includes('bundle-shims/google-auth-library.ts'))).toBe(true);
    expect(bundledInputs.some((file) => file.includes('bundle-shims/no-http2.ts'))).toBe(true);
  });

  it('signs in and reads the property through native fetch, with query strings made by the shim', async () => {
    const provider = factory({ credentials: async () => key });
    expect(await provider.checkAccess('123456')).toEqual({ id: '123456', name: 'Bundled shop', sessions: 42 });
    expect((await provider.customDimensions('123456')).map((d) => d.apiName)).toEqual(['customEvent:client_id', 'customUser:user_type']);
    expect(seen).toEqual([
      '/v1beta/properties/123456:runReport Bearer bundled-token {"dateRanges":[{"startDate":"30daysAgo","endDate":"yesterday"}],"metrics":[{"name":"sessions"}],"limit":"1"}',
      '/v1beta/properties/123456',
      '/v1beta/properties/123456/customDimensions?pageSize=200',
      '/v1beta/properties/123456/customDimensions?pageSize=200&pageToken=next%20page',
    ]);
  });
});
