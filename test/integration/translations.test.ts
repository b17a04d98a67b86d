import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_MESSAGES } from '../../web/src/all-catalogues';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** GET and POST /api/translations through the local gateway: overrides of the bundled catalogues. */

let stack: ReturnType<typeof localStack>;
let admin: Browser;
let customer: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  const company = await makeCompany('Translations');
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
  customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
});

// Every id of the app: the entry catalogue and the areas' (an area's texts can be overridden too).
const bundles = { en: { ...ALL_MESSAGES.en }, fr: { ...ALL_MESSAGES.fr }, ru: { ...ALL_MESSAGES.ru } };
const en = ALL_MESSAGES.en;

async function current(): Promise<{ version: number; catalogues: typeof bundles; overridden: Record<string, string[]> }> {
  const answer = await new Browser(stack.url).get('/api/translations');
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('POST /api/translations', () => {
  it('stores only the differences, shows them to signed-out visitors, and restores the bundle', async () => {
    const before = await current();
    const edited = {
      version: before.version,
      en: { ...bundles.en, 'route.dashboard': 'Overview', 'reset.request.sent': 'Mail sent to {email} if the account exists.' },
      fr: { ...bundles.fr, 'route.login': 'Se connecter au portail' },
      ru: bundles.ru,
    };
    const saved = await admin.post('/api/translations', edited);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(before.version + 1);
    expect(saved.body.overridden).toEqual({ en: ['reset.request.sent', 'route.dashboard'], fr: ['route.login'], ru: [] });
    expect(saved.body.catalogues.en['route.dashboard']).toBe('Overview');
    expect(saved.body.catalogues.en['route.home']).toBe(en['route.home']);

    // Any visitor, signed out: one language, pre-parsed, with an ETag; the same version answers 304.
    const anonymous = new Browser(stack.url);
    const compiled = await anonymous.get('/api/translations', { query: { locale: 'fr' } });
    expect(compiled.status).toBe(200);
    expect(compiled.body).toEqual({ version: saved.body.version, locale: 'fr', messages: { 'route.login': [{ type: 0, value: 'Se connecter au portail' }] } });
    const etag = compiled.headers.get('etag')!;
    expect(etag).toBe(`"t${saved.body.version}-fr"`);
    expect(compiled.headers.get('cache-control')).toBe('public, no-cache');
    const again = await anonymous.get('/api/translations', { query: { locale: 'fr' }, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const englishMessages = (await anonymous.get('/api/translations', { query: { locale: 'en' } })).body.messages;
    expect(Object.keys(englishMessages).sort()).toEqual(['reset.request.sent', 'route.dashboard']);
    expect((await anonymous.get('/api/translations', { query: { locale: 'de' } })).status).toBe(400);

    // Back to the bundle: sending the bundled texts removes every override.
    const restored = await admin.post('/api/translations', { version: saved.body.version, ...bundles });
    expect(restored.status).toBe(200);
    expect(restored.body.overridden).toEqual({ en: [], fr: [], ru: [] });
    const stale = await anonymous.get('/api/translations', { query: { locale: 'fr' }, headers: { 'if-none-match': etag } });
    expect(stale.status).toBe(200);
    expect(stale.body.messages).toEqual({});
  });

  it('refuses bad overrides naming the language and the id, and writes nothing', async () => {
    const before = await current();
    const send = (over: Record<string, unknown>) => admin.post('/api/translations', { version: before.version, en: {}, fr: {}, ru: {}, ...over });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ fr: { 'route.nowhere': 'Nulle part' } }, { 'fr.route.nowhere': 'validation.translations.unknownId' }],
      [{ ru: { 'route.login': 42 } }, { 'ru.route.login': 'validation.translations.notString' }],
      [{ en: { 'route.login': 'Sign {in' } }, { 'en.route.login': 'validation.translations.syntax' }],
      [{ fr: { 'reset.request.sent': 'Envoyé à {mail}' } }, { 'fr.reset.request.sent': 'validation.translations.placeholders' }],
      [{ en: { 'route.login': 'Sign in {who}' } }, { 'en.route.login': 'validation.translations.placeholders' }],
      // Markup is said to be markup (issue 24), not a syntax or placeholder problem.
      [{ en: { 'route.login': '<script>alert(1)</script>' } }, { 'en.route.login': 'validation.translations.markup' }],
      [{ en: { 'route.login': '<img src=x onerror=alert(1)>' } }, { 'en.route.login': 'validation.translations.markup' }],
      [{ fr: { 'route.login': '<b>Connexion</b>' } }, { 'fr.route.login': 'validation.translations.markup' }],
      [{ en: { 'route.login': '   ' } }, { 'en.route.login': 'validation.translations.empty' }],
      [{ en: { 'route.login': 'x'.repeat(4001) } }, { 'en.route.login': 'validation.translations.tooLong' }],
      [{ en: { __proto__: null, constructor: 'x' } }, { 'en.constructor': 'validation.translations.unknownId' }],
      [{ en: ['Sign in'] }, { en: 'validation.translations.notObject' }],
      [{ fr: 'Bonjour' }, { fr: 'validation.translations.notObject' }],
      [{ ru: null }, { ru: 'validation.required' }],
      [{ version: 'one' }, { version: 'validation.invalid' }],
    ];
    for (const [over, errors] of cases) {
      const answer = await send(over);
      expect(answer.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(answer.body.code).toBe('validation');
      expect(answer.body.errors).toEqual(errors);
    }
    // One good and one bad language: nothing is stored.
    const mixed = await send({ en: { 'route.dashboard': 'Overview' }, fr: { 'reset.request.sent': 'Envoyé' } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toContain('fr.reset.request.sent');
    const missing = await admin.post('/api/translations', { version: before.version, en: {} });
    expect(missing.body.errors).toEqual({ fr: 'validation.required', ru: 'validation.required' });
    expect(await current()).toEqual(before);
  });

  it('is one conditional write: of 20 updates of one version exactly one wins', async () => {
    const before = await current();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.post('/api/translations', { version: before.version, en: { 'route.dashboard': `Overview ${i}` }, fr: {}, ru: {} })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('conflict');
    const after = await current();
    expect(after.version).toBe(before.version + 1);
    const winner = answers.find((a) => a.status === 200)!.body.catalogues.en['route.dashboard'];
    expect(after.catalogues.en['route.dashboard']).toBe(winner);
    // Clean up: back to the bundle.
    expect((await admin.post('/api/translations', { version: after.version, en: {}, fr: {}, ru: {} })).status).toBe(200);
  });

  it('lets only administrators update, and refuses cross-site posts', async () => {
    const before = await current();
    const body = { version: before.version, en: { 'route.dashboard': 'Hacked' }, fr: {}, ru: {} };
    expect((await customer.post('/api/translations', body)).status).toBe(403);
    expect((await new Browser(stack.url).post('/api/translations', body)).status).toBe(401);
    expect((await admin.post('/api/translations', body, { secFetchSite: 'cross-site' })).status).toBe(403);
    expect(await current()).toEqual(before);
  });
});

describe('GET /api/translations, compressed', () => {
  /** node:http rather than fetch: fetch decompresses on its own and hides the header. */
  const raw = (acceptEncoding: string) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
      get(`${stack.url}/api/translations`, { headers: { 'accept-encoding': acceptEncoding } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => done({ headers: answer.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', fail)
        .end();
    });

  it('gzips the editor answer (every catalogue) for a browser that takes it, as it reaches a phone through CloudFront', async () => {
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    // Some 280 KB of JSON.
    expect(plain.body.length).toBeGreaterThan(200_000);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
  });
});
