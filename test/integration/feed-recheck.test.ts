import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { listFeedHistory, newFeedCheckId } from '../../functions/data/feed-checks';
import { keys } from '../../functions/data/keys';
import { documentClient } from '../../functions/platform/clients/dynamodb';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { FeedOverview } from '../../shared/domain/order-feed';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * The daily re-check (docs/order-feed.md, "Daily re-check") on the local stack, run as
 * `npm run job:feeds` runs it: the gateway's Invoke API starts the scheduled function, which
 * dispatches one message per company with a stored feed URL to the in-process queue; the worker
 * checks each company. Feeds come from a loopback server the TEST stack allows (FEED_FETCH_ALLOW).
 *
 * Companies: one good feed (clean, then clean), one broken (the server fails: never clean), one
 * regressed (clean, then with warnings), and one whose worker throws (a running-check marker that
 * names no check: the use case cannot open a check) to show that retries and the dead letter
 * stay with that company.
 */

let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
const now = new Date();
const clean = feedText(xmlChunks(cleanRecords({ now, orders: 120, seed: 11 })));
const spoiled = clean.replace(/<price>([\d.]+)<\/price>/, '<price>12,50</price>');
let regressedBody = clean;

const feedUrl = (path: string) => `http://127.0.0.1:${inject('feedServerPort')}${path}`;
const companies: Record<'good' | 'broken' | 'regressed' | 'stuck', CompanyRecord> = {} as never;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/recheck/good.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(clean);
    else if (path === '/recheck/regressed.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(regressedBody);
    else if (path === '/recheck/broken.xml') res.writeHead(404).end('gone'); // for good: a 5xx would be tried again the same day
    else res.writeHead(404).end('not found');
  });
  companies.good = await makeCompany('Recheck good', { orderFeedUrl: feedUrl('/recheck/good.xml') });
  companies.broken = await makeCompany('Recheck broken', { orderFeedUrl: feedUrl('/recheck/broken.xml') });
  companies.regressed = await makeCompany('Recheck regressed', { orderFeedUrl: feedUrl('/recheck/regressed.xml') });
  companies.stuck = await makeCompany('Recheck stuck', { orderFeedUrl: feedUrl('/recheck/good.xml') });
  // A fresh "check running" marker naming a check that does not exist: opening a check keeps failing.
  await documentClient().send(
    new PutCommand({
      TableName: stack.env.TABLE_NAME,
      Item: { ...keys.feedCheckRunning(companies.stuck.id), checkId: newFeedCheckId(new Date()), startedAt: new Date(Date.now() + 3_600_000).toISOString() },
    }),
  );
});

afterAll(async () => {
  if (server) await closeServer(server);
});

/** Team mails about these companies, as [company key, subject]. */
async function teamMails(): Promise<Array<[string, string]>> {
  const mails = await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX);
  return mails.flatMap((mail) => {
    const key = (Object.keys(companies) as Array<keyof typeof companies>).find((k) => mail.subject.includes(companies[k].name));
    return key ? [[key, mail.subject] as [string, string]] : [];
  });
}

const health = async (company: CompanyRecord) => (await listFeedHistory(company.id)).map((entry) => [entry.trigger, entry.health]);

describe('the daily feed re-check', () => {
  it('checks every company on its own, keeps the history and mails the team once, for the regression', { timeout: 240_000 }, async () => {
    // Day 1: good and regressed are clean, broken cannot be fetched (it never was clean).
    const first = await runLocalFeedRecheck(stack.url);
    const outcome = (run: typeof first, company: CompanyRecord) => run.local!.outcomes.find((o) => o.companyId === company.id);
    expect(first.companies).toBeGreaterThanOrEqual(4);
    expect(outcome(first, companies.good)).toMatchObject({ outcome: 'checked', health: 'clean', previous: null, alerted: false });
    expect(outcome(first, companies.broken)).toMatchObject({ outcome: 'checked', health: 'failed', previous: null, alerted: false });
    expect(outcome(first, companies.regressed)).toMatchObject({ outcome: 'checked', health: 'clean', previous: null, alerted: false });
    // The stuck company's message failed each delivery, then went to the dead letters; nobody else did.
    const stuck = first.local!.deadLettered.filter((dead) => dead.body.includes(companies.stuck.id));
    expect(stuck).toHaveLength(1);
    expect(stuck[0]!.receiveCount).toBe(3);
    expect(first.local!.deadLettered.filter((dead) => Object.values(companies).some((c) => c !== companies.stuck && dead.body.includes(c.id)))).toEqual([]);
    expect(outcome(first, companies.stuck)).toBeUndefined();
    const mailsAfterFirst = await teamMails();
    expect(mailsAfterFirst.filter(([, subject]) => /the order feed/.test(subject))).toEqual([]);

    // Day 2: the regressed shop's feed now has an invalid price.
    regressedBody = spoiled;
    const second = await runLocalFeedRecheck(stack.url);
    expect(outcome(second, companies.good)).toMatchObject({ health: 'clean', previous: 'clean', alerted: false });
    expect(outcome(second, companies.broken)).toMatchObject({ health: 'failed', previous: 'failed', alerted: false });
    expect(outcome(second, companies.regressed)).toMatchObject({ health: 'warnings', previous: 'clean', alerted: true });
    expect(second.local!.deadLettered.filter((dead) => dead.body.includes(companies.stuck.id))).toHaveLength(1);

    // History: one daily line per run, newest first, for each of the three.
    expect(await health(companies.good)).toEqual([['daily', 'clean'], ['daily', 'clean']]);
    expect(await health(companies.broken)).toEqual([['daily', 'failed'], ['daily', 'failed']]);
    expect(await health(companies.regressed)).toEqual([['daily', 'warnings'], ['daily', 'clean']]);
    expect(await health(companies.stuck)).toEqual([]);
    const [brokenLatest] = await listFeedHistory(companies.broken.id);
    expect(brokenLatest!.failure?.code).toBeTruthy();
    expect(brokenLatest!.orders).toBe(0);
    const [regressedLatest] = await listFeedHistory(companies.regressed.id);
    expect(regressedLatest!.warningKeys).toContain('invalidPrice');
    expect(regressedLatest!.orders).toBe(120);

    // Exactly one new mail about these companies: the regression.
    const newMails = (await teamMails()).slice(mailsAfterFirst.length);
    expect(newMails).toEqual([['regressed', expect.stringContaining('has warnings')]]);
    const [mail] = (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((m) => m.subject.includes(companies.regressed.name) && m.subject.includes('has warnings'));
    expect(mail!.body.text ?? mail!.body.html).toContain('invalidPrice');

    // The page of the regressed shop shows the daily lines.
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', companies.regressed));
    const page = await client.get<FeedOverview>('/api/order-feed');
    expect(page.status).toBe(200);
    expect(page.body.history.map((h) => [h.trigger, h.health])).toEqual([['daily', 'warnings'], ['daily', 'clean']]);
  });
});
