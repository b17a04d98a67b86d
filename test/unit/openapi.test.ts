import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { array, boolean, mixed, number, object, string } from 'yup';
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/routes';
import { renderOpenApi } from '../../tools/openapi/document';
import { ecmaPattern, yupToJsonSchema } from '../../tools/openapi/yup-json-schema';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const file = join(root, 'docs/openapi.json');

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { $ref?: string; name?: string }[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
  'x-access'?: string;
  'x-company-scoped'?: boolean;
};

describe('docs/openapi.json', () => {
  // Generated once (the TypeScript program behind the response types is the slow part, ~3 s).
  const generated = renderOpenApi(root);
  const doc = JSON.parse(generated) as { paths: Record<string, Record<string, Operation>> };
  const op = (path: string, method: string): Operation => doc.paths[path]![method]!;

  it('is what `npm run openapi` writes from today\'s route table (run it after changing a route)', () => {
    expect(readFileSync(file, 'utf8') === generated, 'docs/openapi.json is stale: run `npm run openapi`').toBe(true);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(generated));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has one operation per route, with its access, company scope and error answers', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((o) => o.operationId).sort()).toEqual(routes.map((r) => r.id).sort());

    const login = op('/api/security/login', 'post');
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '500']));
    // A public route that checks a password refuses with 401; its throttle answers 429 with Retry-After.
    expect(login.responses['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    expect(login.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(op('/api/security/logout', 'get').responses['401']).toBeUndefined();
    expect(op('/api/users', 'get').responses['429']).toBeUndefined();
    const components = (doc as unknown as { components: { responses: Record<string, { headers?: Record<string, unknown> }> } }).components;
    for (const name of ['TooManyRequests', 'Unavailable']) {
      expect(components.responses[name]!.headers).toEqual({ 'Retry-After': { $ref: '#/components/headers/RetryAfter' } });
    }
    // Any route that reads the table can find it down; the CSP report only logs.
    expect(op('/api/users', 'get').responses['503']).toBeDefined();
    expect(op('/api/security/csp-report', 'post').responses['503']).toBeUndefined();
    expect(Object.keys((op('/api/security/csp-report', 'post').requestBody as { content: object }).content).sort()).toEqual([
      'application/csp-report',
      'application/json',
      'application/reports+json',
    ]);
    expect(operations.filter((o) => !(o as { summary?: string }).summary).map((o) => o.operationId)).toEqual([]);

    const usersList = op('/api/users', 'get');
    expect(usersList['x-access']).toBe('admin');
    expect(usersList.security).toBeUndefined(); // the document's default: the access cookie
    expect(Object.keys(usersList.responses)).toEqual(expect.arrayContaining(['401', '403']));

    const sourcesList = op('/api/sources', 'get');
    expect(sourcesList['x-company-scoped']).toBe(true);
    expect(sourcesList.parameters).toContainEqual({ $ref: '#/components/parameters/PortalCompany' });
    expect(sourcesList.responses['409']).toBeDefined();

    const sourcesDelete = op('/api/sources/{id}', 'delete');
    expect(sourcesDelete.parameters).toContainEqual({ in: 'path', name: 'id', required: true, schema: { type: 'string' } });
    expect(Object.keys(sourcesDelete.responses)).toEqual(expect.arrayContaining(['400', '404', '409', '415']));
    expect(op('/api/sources', 'post').responses['201']).toBeDefined();
  });
});

describe('yup to JSON Schema', () => {
  it('says required, defaults, nullability, limits and enums as yup checks them', () => {
    const schema = object({
      name: string().trim().required().max(10),
      note: string().default(''),
      viewId: string().nullable().matches(/^\d*$/),
      version: number().integer().min(1).required(),
      kind: mixed().oneOf(['a', 'b'] as const).required(),
      flag: boolean().optional(),
      steps: array(string().defined()).min(1).max(3).required(),
      odd: string().test('odd', 'odd', () => true),
      amount: mixed<number>().meta({ jsonSchema: { type: 'number' } }).test('number', 'nan', (v) => typeof v === 'number'),
    });
    expect(yupToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 10 },
        note: { type: 'string', default: '' },
        viewId: { type: ['string', 'null'], pattern: '^\\d*$' },
        version: { type: 'integer', minimum: 1 },
        kind: { enum: ['a', 'b'] },
        flag: { type: 'boolean' },
        steps: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string' } },
        odd: { type: 'string', 'x-checks': ['odd'] },
        amount: { type: 'number', 'x-checks': ['number'] },
      },
      required: ['name', 'version', 'kind', 'steps'],
    });
  });

  it('spells a case-insensitive pattern with both cases', () => {
    const uuid = /^[0-9a-f]{8}-[1-8][0-9a-f]{3}$/i;
    const pattern = new RegExp(ecmaPattern(uuid));
    expect(pattern.source).toBe('^[0-9a-fA-F]{8}-[1-8][0-9a-fA-F]{3}$');
    expect(pattern.test('ABCDEF01-1AbC')).toBe(true);
    expect(new RegExp(ecmaPattern(/^(?:https?):\/\/\S+$/i)).test('HTTPS://x')).toBe(true);
  });
});
