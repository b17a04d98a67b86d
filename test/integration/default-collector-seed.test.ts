import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefaultCollectors } from '../../localstack/seed-default-collectors';
import { COLLECTOR_PLATFORMS } from '../../shared/domain/collector-platforms';
import { formatCollectorComment } from '../../shared/schemas/default-collectors';
import type { DefaultCollector } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { everyPage } from './helpers/pages';
import { localStack, useLocalEnv } from '../support/local-stack';

/** The seeded default collectors (spec: 70+ collector platforms) as a customer's suggestions read them. */

let admin: Browser;
let customer: Browser;

beforeAll(async () => {
  useLocalEnv();
  const stack = localStack();
  const company = await makeCompany('Collector platforms');
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
  customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
});

const list = (): Promise<DefaultCollector[]> => everyPage<DefaultCollector>(customer, '/api/default-collectors', 'collectors');

describe('default collector seed', () => {
  it('suggests every platform of the list (70+) with its e-mail, type and three-language instruction', async () => {
    const rows = await list();
    expect(COLLECTOR_PLATFORMS.length).toBeGreaterThanOrEqual(70);
    for (const platform of COLLECTOR_PLATFORMS) {
      expect(rows, platform.name).toContainEqual({
        id: platform.id,
        name: platform.name,
        accessEmail: platform.accessEmail,
        type: platform.type,
        comment: formatCollectorComment(platform.access),
        version: expect.any(Number) as number,
      });
    }
  });

  it('a second seed run adds nothing and keeps what an administrator changed', async () => {
    const kelkoo = (await list()).find((c) => c.name === 'Kelkoo')!;
    const edited = { version: kelkoo.version, name: 'Kelkoo', accessEmail: 'kelkoo@portal.example', type: 'Other', comment: kelkoo.comment };
    const put = await admin.request('PUT', `/api/default-collectors/${kelkoo.id}`, { json: edited });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const before = await list();
    await ensureDefaultCollectors();
    const after = await list();
    expect(after).toEqual(before);
    expect(after.find((c) => c.id === kelkoo.id)?.accessEmail).toBe('kelkoo@portal.example');
    // Put the seed's row back for the other files of the run.
    const back = await admin.request('PUT', `/api/default-collectors/${kelkoo.id}`, { json: { ...edited, version: kelkoo.version + 1, accessEmail: kelkoo.accessEmail } });
    expect(back.status).toBe(200);
  });
});
