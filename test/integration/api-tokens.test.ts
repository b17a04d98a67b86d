import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import type { CompanyRecord } from '../../functions/data/companies';
import { COMPANY_HEADER } from '../../shared/routes';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser, TokenClient } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * Company API tokens through the local gateway (docs/auth.md, "API tokens"): made by a company's
 * user or an administrator working on it, shown once, stored hashed, read-only on its own company,
 * revocable, expiring, its last use recorded, audited. The authorization matrix walks every route.
 */

let stack: ReturnType<typeof localStack>;
let A: CompanyRecord;
let B: CompanyRecord;
let customerA: Browser;
let customerB: Browser;
let admin: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  A = await makeCompany('Tokens A');
  B = await makeCompany('Tokens B', { product: 'affiliate', country: 'RU' });
  customerA = await signedIn(stack.url, await makeUser('ROLE_USER', A));
  customerB = await signedIn(stack.url, await makeUser('ROLE_USER', B));
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', B));
  // Each company has a source of its own, so a leak would show.
  for (const [client, name] of [[customerA, 'Token source A'], [customerB, 'Token source B']] as const) {
    const made = await client.post('/api/sources', { id: crypto.randomUUID(), name, channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
});

const stored = async (company: CompanyRecord, id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.apiToken(company.id, id), ConsistentRead: true }))).Item;

async function makeToken(client: Browser, name = 'Looker'): Promise<{ id: string; version: number; secret: string }> {
  const answer = await client.post('/api/api-tokens', { name, days: 30 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.token.id, version: answer.body.token.version, secret: answer.body.secret };
}

describe('making a token', () => {
  it('answers the secret once; the list and the table never hold it, only its SHA-256', async () => {
    const made = await makeToken(customerA, 'Looker studio');
    expect(made.secret).toMatch(/^pt1\./);
    const list = await customerA.get('/api/api-tokens');
    expect(list.status).toBe(200);
    const listed = list.body.find((token: { id: string }) => token.id === made.id);
    expect(listed).toMatchObject({ name: 'Looker studio', lastUsedAt: null });
    expect(Date.parse(listed.expires) - Date.parse(listed.created)).toBe(30 * 86_400_000);
    expect(JSON.stringify(list.body)).not.toContain(made.secret.split('.')[3]);
    expect(JSON.stringify(list.body)).not.toContain('secretHash');
    const item = await stored(A, made.id);
    expect(JSON.stringify(item)).not.toContain(made.secret.split('.')[3]);
    expect(item?.secretHash).toBe(createHash('sha256').update(made.secret.split('.')[3]!, 'utf8').digest('hex'));
  });

  it('refuses a bad body in the caller\'s language terms, nothing made', async () => {
    const before = (await customerA.get('/api/api-tokens')).body.length;
    const answer = await customerA.post('/api/api-tokens', { name: ' ', days: 7 });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ name: 'validation.required', days: 'validation.apiToken.days' });
    expect((await customerA.get('/api/api-tokens')).body.length).toBe(before);
  });

  it('an administrator makes one for the company they work on; its users see it, other companies do not', async () => {
    const made = await makeToken(admin, 'Made by the team');
    expect((await customerB.get('/api/api-tokens')).body.map((t: { id: string }) => t.id)).toContain(made.id);
    expect((await customerA.get('/api/api-tokens')).body.map((t: { id: string }) => t.id)).not.toContain(made.id);
    // Another company's user cannot revoke it: not found in their company, nothing removed.
    expect((await customerA.request('DELETE', `/api/api-tokens/${made.id}`, { json: { version: made.version } })).status).toBe(404);
    expect(await stored(B, made.id)).toBeDefined();
  });
});

describe('reading with a token', () => {
  it('reads its company\'s data health, steps, sources and feed; never another company\'s', async () => {
    const token = new TokenClient(stack.url, (await makeToken(customerA)).secret);
    for (const path of ['/api/data-health', '/api/integration-status', '/api/order-feed']) {
      const answer = await token.get(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(B.id);
    }
    const sources = await token.get('/api/sources', { query: { company: B.id, companyId: B.id } });
    expect(sources.body.sources.map((source: { name: string }) => source.name)).toEqual(['Token source A']);
    // The page header names another company: refused before anything is read.
    expect((await token.get('/api/sources', { headers: { [COMPANY_HEADER]: B.id } })).status).toBe(409);
    // A token naming company B with company A's token id and secret is no token at all.
    const [, , id, secret] = token.token.split('.');
    expect((await new TokenClient(stack.url, `pt1.${B.id}.${id}.${secret}`).get('/api/sources')).status).toBe(401);
  });

  it('is refused on writes, other reads and admin routes (403), and a wrong secret is 401', async () => {
    const token = new TokenClient(stack.url, (await makeToken(customerA)).secret);
    expect((await token.post('/api/sources', { id: crypto.randomUUID(), name: 'By token', channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' })).status).toBe(403);
    expect((await token.post('/api/api-tokens', { name: 'Token by token', days: 30 })).status).toBe(403);
    expect((await token.get('/api/api-tokens')).status).toBe(403);
    expect((await token.get('/api/users/current')).status).toBe(403);
    expect((await token.get('/api/audit')).status).toBe(403);
    expect((await token.get('/api/companies')).status).toBe(403);
    const wrong = `${token.token.slice(0, -4)}AAAA` === token.token ? `${token.token.slice(0, -4)}BBBB` : `${token.token.slice(0, -4)}AAAA`;
    expect((await new TokenClient(stack.url, wrong).get('/api/sources')).status).toBe(401);
    expect((await new TokenClient(stack.url, 'not-a-token').get('/api/sources')).status).toBe(401);
    expect((await (await customerA.get('/api/sources', { headers: { authorization: 'Basic abc' } })).status)).toBe(401);
  });

  it('records its last use, at most once every few minutes', async () => {
    const made = await makeToken(customerA);
    const token = new TokenClient(stack.url, made.secret);
    expect((await token.get('/api/data-health')).status).toBe(200);
    const first = (await stored(A, made.id))?.lastUsedAt as string;
    expect(typeof first).toBe('string');
    expect((await token.get('/api/data-health')).status).toBe(200);
    expect((await stored(A, made.id))?.lastUsedAt).toBe(first);
    expect((await customerA.get('/api/api-tokens')).body.find((t: { id: string }) => t.id === made.id).lastUsedAt).toBe(first);
  });

  it('stops at its expiry', async () => {
    const made = await makeToken(customerA);
    const token = new TokenClient(stack.url, made.secret);
    expect((await token.get('/api/sources')).status).toBe(200);
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.apiToken(A.id, made.id), UpdateExpression: 'SET expires = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() } }),
    );
    expect((await token.get('/api/sources')).status).toBe(401);
  });

  it('stops at once when revoked; the revocation and the creation are in the audit history, never the secret', async () => {
    const made = await makeToken(customerA, 'To revoke');
    const token = new TokenClient(stack.url, made.secret);
    expect((await token.get('/api/sources')).status).toBe(200);
    const revoked = await customerA.request('DELETE', `/api/api-tokens/${made.id}`, { json: { version: made.version } });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await token.get('/api/sources')).status).toBe(401);
    expect((await customerA.request('DELETE', `/api/api-tokens/${made.id}`, { json: { version: made.version } })).status).toBe(404);
    const history = await admin.get('/api/audit', { query: { company: A.id, kind: 'api-token' } });
    const mine = history.body.entries.filter((entry: { recordId: string }) => entry.recordId === made.id);
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'create']);
    expect(mine[1].after.name).toBe('To revoke');
    expect(JSON.stringify(history.body)).not.toContain(made.secret.split('.')[3]);
    expect(JSON.stringify(history.body)).not.toContain('secretHash');
  });
});
