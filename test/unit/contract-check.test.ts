import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Document } from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractChecker, type Exchange, type Violation } from '../../tools/contract/check';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as Document;

/** A call as the integration suite records it (test/support/contract-record.ts). */
const exchange = (request: Partial<Exchange['request']>, answer: Partial<Exchange['answer']> & { json?: unknown }): Exchange => ({
  request: { method: 'POST', path: '/api/security/refresh', query: {}, headers: {}, ...request },
  answer: {
    status: answer.status ?? 200,
    headers: { 'content-type': 'application/json', ...answer.headers },
    text: answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json)),
  },
});

describe('the contract check (tools/contract/check.ts) against docs/openapi.json', () => {
  let check: (exchanges: readonly Exchange[]) => Violation[];
  beforeAll(async () => {
    check = await contractChecker(document);
  });

  it('passes calls that conform', () => {
    expect(check([exchange({}, { json: { status: 'refreshed' } })])).toEqual([]);
    const throttled = { message: 'Too many attempts', code: 'too-many-requests' };
    const login = { path: '/api/security/login', headers: { 'content-type': 'application/json' }, body: { json: { username: 'a@b.test', password: 'x' } } };
    expect(check([exchange(login, { status: 429, headers: { 'retry-after': '30' }, json: throttled })])).toEqual([]);
    // A bad request the server refuses is the tests' business, not a violation.
    expect(check([exchange({ ...login, body: { text: '{not json' } }, { status: 400, json: { message: 'Invalid', code: 'validation', errors: {} } })])).toEqual([]);
    // The gateway's answer to a path no route has.
    expect(check([exchange({ path: '/api/nowhere' }, { status: 404, json: { message: 'Not found', code: 'not-found' } })])).toEqual([]);
  });

  it('fails a planted violation of the answer, naming the route, the status and the JSON pointer', () => {
    expect(check([exchange({}, { json: { status: 'renewed' } })])).toEqual([
      expect.objectContaining({ route: 'POST /api/security/refresh', status: 200, pointer: '/status' }),
    ]);
    expect(check([exchange({}, { json: { status: 'refreshed', extra: 1 } })])).toEqual([expect.objectContaining({ status: 200, pointer: '/' })]);
  });

  it('fails a status the operation does not list, a 429 without Retry-After and a body where none is described', () => {
    expect(check([exchange({}, { status: 418, json: { message: 'teapot', code: 'internal' } })])).toEqual([
      expect.objectContaining({ status: 418, message: expect.stringContaining('not among') }),
    ]);
    const login = { path: '/api/security/login', headers: { 'content-type': 'application/json' }, body: { json: { username: 'a@b.test', password: 'x' } } };
    expect(check([exchange(login, { status: 429, json: { message: 'Too many attempts', code: 'too-many-requests' } })])).toEqual([
      expect.objectContaining({ status: 429, pointer: expect.stringContaining('headers') }),
    ]);
    expect(check([exchange({ path: '/api/security/csp-report', headers: { 'content-type': 'application/csp-report' }, body: { json: {} } }, { status: 204, text: 'hello' })])).toEqual([
      expect.objectContaining({ status: 204, message: expect.stringContaining('has none') }),
    ]);
  });

  it('fails a request the description forbids that the server accepted, and a call no operation describes', () => {
    const login = { path: '/api/security/login', headers: { 'content-type': 'application/json' }, body: { json: { username: 42 } } };
    expect(check([exchange(login, { json: { status: 'signed-in' } })])).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 200, pointer: 'request:' })]),
    );
    expect(check([exchange({ path: '/api/nowhere' }, { json: {} })])).toEqual([expect.objectContaining({ route: 'POST /api/nowhere', message: expect.stringContaining('no operation') })]);
  });
});
