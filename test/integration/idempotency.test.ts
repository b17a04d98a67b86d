import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import type { Source, SourcesPage } from '../../shared/domain/types';
import { IDEMPOTENCY_HEADER } from '../../shared/routes';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** Idempotency-Key on writes, through the local gateway (docs/reliability.md, "Retries that are safe"). */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const source = () => ({ id: randomUUID(), name: `Newsletter ${randomUUID().slice(0, 6)}`, channel: 'Email', businessModel: 'Free', deduplication: 'Post Click' });
const create = (client: Browser, body: object, key: string) => client.post<Source & { code?: string }>('/api/sources', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
const names = async (client: Browser) => (await client.get<SourcesPage>('/api/sources')).body.sources.map((s) => s.name).sort();
const as = async (company: CompanyRecord) => signedIn(stack.url, await makeUser('ROLE_USER', company));

describe('Idempotency-Key', () => {
  it('runs a create sent twice with one key once, and answers both the same', async () => {
    const client = await as(await makeCompany('Idempotent create'));
    const key = randomUUID();
    const body = source();
    const first = await create(client, body, key);
    const again = await create(client, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await names(client)).toEqual([body.name]);
  });

  it('refuses the key sent again with another body, and changes nothing', async () => {
    const client = await as(await makeCompany('Idempotent reuse'));
    const key = randomUUID();
    const body = source();
    expect((await create(client, body, key)).status).toBe(201);
    const other = await create(client, source(), key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency-key-reused');
    expect(await names(client)).toEqual([body.name]);
  });

  it("keeps keys per user: another user's request with the same key runs as its own", async () => {
    const company = await makeCompany('Idempotent per user');
    const [claire, ivan] = [await as(company), await as(company)];
    const key = randomUUID();
    const first = source();
    const second = source();
    expect((await create(claire, first, key)).status).toBe(201);
    const answer = await create(ivan, second, key);
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe(second.name);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    expect(await names(claire)).toEqual([first.name, second.name].sort());
  });

  it('refuses a key that is not one (400), and runs writes without a key as before', async () => {
    const client = await as(await makeCompany('Idempotent bad key'));
    const bad = await create(client, source(), 'not a key!');
    expect(bad.status).toBe(400);
    expect(await names(client)).toEqual([]);
    expect((await client.post('/api/sources', source())).status).toBe(201);
  });
});
