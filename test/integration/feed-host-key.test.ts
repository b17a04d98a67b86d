import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAudit } from '../../functions/data/audit';
import { getCompany, storeOrderFeedHostKey, type CompanyRecord } from '../../functions/data/companies';
import { listFeedHistory } from '../../functions/data/feed-checks';
import { opensshFingerprint, sftpServer } from '../../functions/platform/feed-fetch/test-fixtures/servers';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { FeedOverview } from '../../shared/domain/order-feed';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import type { Browser } from './helpers/browser';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { finished, startCheck } from './helpers/order-feed';

/**
 * SFTP host key pinning, trust on first use (docs/order-feed.md, "SFTP host keys"), on the local
 * stack: an ssh2 SFTP server (the fetcher's test fixture) listens on the one loopback port the TEST
 * stack's fetcher may reach (FEED_FETCH_ALLOW). It records every authentication request, so a
 * refused key is shown to happen before the password is sent.
 *
 * The daily test runs first: the only SFTP feeds stored in this stack are this file's, so the
 * server's authentication requests during a re-check are those of these companies alone.
 */

let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof sftpServer>>;
let expectedKey: string;
const PASSWORD = 'pin:s3cr3t@';
const feed = Buffer.from(feedText(xmlChunks(cleanRecords({ now: new Date(), orders: 60, seed: 21 }))));
const sftpUrl = (path = '/feed.xml') => `sftp://shop:${encodeURIComponent(PASSWORD)}@127.0.0.1:${inject('feedServerPort')}${path}`;
const WRONG_KEY = 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await sftpServer({ '/feed.xml': feed, '/other.xml': feed }, 'shop', PASSWORD, { port: inject('feedServerPort') });
  // Computed from the fixture's public key without the code under test.
  expectedKey = opensshFingerprint(server.publicKey);
});

afterAll(async () => {
  await server?.close();
});

const pinOf = async (company: CompanyRecord) => (await getCompany(company.id))?.orderFeedHostKey ?? null;
const outcomeOf = (run: Awaited<ReturnType<typeof runLocalFeedRecheck>>, company: CompanyRecord) => run.local!.outcomes.find((o) => o.companyId === company.id);

describe('SFTP host key pinning', () => {
  it('the daily re-check learns a key, refuses another one before authenticating (history, team mail), and a manual check re-trusts', { timeout: 240_000 }, async () => {
    // An older record: its URL was stored before keys were pinned.
    const company = await makeCompany('Pinned sftp', { orderFeedUrl: sftpUrl() });
    const customer = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, customer);

    // Day 1: fetched, clean, and the key it saw is learned.
    const first = await runLocalFeedRecheck(stack.url);
    expect(outcomeOf(first, company)).toMatchObject({ outcome: 'checked', health: 'clean' });
    expect(await pinOf(company)).toBe(expectedKey);

    // The server now presents a key other than the pinned one (an impersonator, or a reinstall).
    expect(await storeOrderFeedHostKey(company.id, sftpUrl(), WRONG_KEY, false)).toBe(true);
    const attempts = server.authAttempts.length;
    const opened = server.opened.length;
    const second = await runLocalFeedRecheck(stack.url);
    expect(outcomeOf(second, company)).toMatchObject({ outcome: 'checked', health: 'failed', previous: 'clean', alerted: true });
    expect(server.authAttempts.length, 'authentication requests received: the password was never sent').toBe(attempts);
    expect(server.opened.length).toBe(opened);
    const [latest] = await listFeedHistory(company.id);
    expect(latest).toMatchObject({ trigger: 'daily', health: 'failed', orders: 0 });
    expect(latest!.failure?.code).toBe('host-key');
    expect(latest!.failure?.message).toContain(WRONG_KEY);
    expect(latest!.failure?.message).not.toContain('s3cr3t');
    // A failed check trusts nothing.
    expect(await pinOf(company)).toBe(WRONG_KEY);
    const mails = (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((m) => m.subject.includes(company.name) && /the order feed/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('cannot be checked')]);
    expect(mails[0]!.body.text ?? mails[0]!.body.html).toContain('host-key');

    // The customer checks the same server by hand (another file on it): its key is trusted again.
    const manual = await finished(client, (await startCheck(client, { feed_url: sftpUrl('/other.xml'), type: 'xml' })).id);
    expect(manual.status).toBe('done');
    expect(manual.failure).toBeNull();
    // (The server does see this one's authentication: the counter above counts.)
    expect(server.authAttempts.length).toBeGreaterThan(attempts);
    expect(await pinOf(company)).toBe(expectedKey);
    expect((await getCompany(company.id))?.orderFeedUrl).toBe(sftpUrl());

    // Day 3: clean again with the re-trusted key.
    const third = await runLocalFeedRecheck(stack.url);
    expect(outcomeOf(third, company)).toMatchObject({ outcome: 'checked', health: 'clean', previous: 'clean' });
    const page = await client.get<FeedOverview>('/api/order-feed');
    expect(page.body.history.map((h) => [h.trigger, h.health])).toEqual([['daily', 'clean'], ['manual', 'clean'], ['daily', 'failed'], ['daily', 'clean']]);
    expect(page.body.history[2]!.failure?.code).toBe('host-key');
    expect(JSON.stringify(page.body)).not.toContain('s3cr3t');

    // Each pin is a change of the company in its history: the re-check's (and this test's) the system's, the manual check's the customer's.
    const pins = (await listAudit({ of: `company#${company.id}`, kind: 'company' }, null, 25)).entries.filter((e) => e.action === 'update');
    expect(pins.map((e) => [e.actorId, e.before.orderFeedHostKey ?? null, e.after.orderFeedHostKey])).toEqual([
      [customer.record.id, WRONG_KEY, expectedKey],
      [null, expectedKey, WRONG_KEY],
      [null, null, expectedKey],
    ]);
  });

  it('the first clean check of an SFTP URL stores the key it saw with the URL', async () => {
    const company = await makeCompany('First sftp');
    const client: Browser = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const check = await finished(client, (await startCheck(client, { feed_url: sftpUrl(), type: 'xml' })).id);
    expect(check.status).toBe('done');
    expect(check.feedUrlStored).toBe(true);
    const stored = await getCompany(company.id);
    expect(stored?.orderFeedUrl).toBe(sftpUrl());
    expect(stored?.orderFeedHostKey).toBe(expectedKey);
  });
});
