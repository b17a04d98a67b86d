import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * The daily re-check through the local SQS (localstack/sqs.ts) at its worst: every message the
 * dispatcher sends is stored twice, as SQS's at-least-once delivery may deliver it twice: the
 * copy comes after the first was handled. The team is mailed once about a regression.
 */
let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
const clean = feedText(xmlChunks(cleanRecords({ now: new Date(), orders: 40, seed: 5 })));
let body = clean;
let company: CompanyRecord;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body));
  company = await makeCompany('Recheck twice delivered', { orderFeedUrl: `http://127.0.0.1:${inject('feedServerPort')}/twice.xml` });
});

afterAll(async () => {
  if (server) await closeServer(server);
});

const mailsAbout = async () => (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((mail) => mail.subject.includes(company.name) && /the order feed/.test(mail.subject));

describe('the daily re-check with duplicate deliveries', () => {
  it('mails the team once about a regression although every message is delivered twice', { timeout: 240_000 }, async () => {
    const first = await runLocalFeedRecheck(stack.url, { duplicateDeliveries: true });
    const mine = (run: typeof first) => run.local.outcomes.filter((o) => o.companyId === company.id);
    // Both copies reached the worker: the first checked, the copy found the check done.
    expect(mine(first)).toHaveLength(2);
    expect(mine(first).filter((o) => o.outcome === 'checked' && o.health === 'clean')).not.toHaveLength(0);

    body = clean.replace(/<price>([\d.]+)<\/price>/, '<price>12,50</price>');
    const second = await runLocalFeedRecheck(stack.url, { duplicateDeliveries: true });
    expect(mine(second)).toHaveLength(2);
    expect(mine(second).filter((o) => o.outcome === 'checked' && o.alerted)).toHaveLength(1);
    const mails = await mailsAbout();
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('has warnings')]);
  });
});
