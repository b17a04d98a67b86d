import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { listAudit } from '../../functions/data/audit';
import { getDelivery, listDeliveries, type OutboxRecord } from '../../functions/data/outbox';
import { OUTBOX_RETRY } from '../../functions/core/outbox/backoff';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import type { OutboxDelivery, OutboxPage } from '../../shared/domain/types';
import { linkIn, mailsTo, type SentMail } from '../support/mailbox';
import { makeCompany, makeUser, signedIn, type TestUser } from './helpers/accounts';
import { Browser } from './helpers/browser';

/**
 * Mail is never silently lost (docs/reliability.md, "Mail"): with the SES emulator stopped, then
 * hung, a step completion answers 200 and a password reset answers "sent"; each mail waits in the
 * outbox, and once SES is back the sweep sends it exactly once. A mail whose tries all fail is dead,
 * listed for administrators, and sent again by one of them (recorded in the audit history). This
 * file runs its own stack (its SES goes down) and runs the sweep itself, as EventBridge would.
 */

let stack: LocalStack;
let company: CompanyRecord;
let customer: Browser;
let admin: Browser;
let user: TestUser;
let teamMailbox: string;
/** The sweep's clock: EventBridge's `time`, moved past each retry's wait. */
let clock = Date.now();

beforeAll(async () => {
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true, outboxSweepMs: 0 });
  teamMailbox = stack.env.INTEGRATION_MAILBOX!;
  company = await makeCompany('Outbox', { integrationSteps: ['collector', 'commission_rules', 'status_feed'] });
  user = await makeUser('ROLE_USER', company);
  customer = await signedIn(stack.url, user);
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const sweep = async () => {
  clock += 3 * OUTBOX_RETRY.capMs;
  return (await stack.runJob('outbox-sweep', { time: new Date(clock).toISOString() })) as Record<string, number>;
};

/** Polls until `find` answers something (the dispatcher runs after the request answered). */
async function until<T>(what: string, find: () => Promise<T | null | undefined>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The pending delivery to `recipient` of `topic` once its first try has failed. */
const failedTry = (recipient: string, topic: string) =>
  until(`a failed try of ${topic} to ${recipient}`, async () =>
    (await listDeliveries('pending', null, 50)).deliveries.find((d) => d.recipient === recipient && d.topic === topic && d.lastError && d.attempts >= 1),
  );

const stepMails = async (stepName: string): Promise<SentMail[]> =>
  (await mailsTo(stack.endpoints.ses, teamMailbox)).filter((mail) => mail.subject.includes(company.name) && mail.subject.includes(stepName));

async function completeStep(stepType: string): Promise<void> {
  const answer = await customer.post('/api/integration-status/update', { stepType, status: 'done' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The SES port taken by a server that accepts connections and never answers; `release` closes it and its connections. */
async function hangSes(): Promise<{ release(): Promise<void> }> {
  const port = Number(new URL(stack.endpoints.ses).port);
  const sockets = new Set<Socket>();
  const hung: Server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => hung.listen(port, '127.0.0.1', resolve));
  return {
    release: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    },
  };
}

describe('mail while SES is down', () => {
  it('SES stopped: the step completes (200), its team mail waits in the outbox, and goes out exactly once when SES is back', async () => {
    await stack.killEmulator('ses');
    await completeStep('collector');
    const waiting = await failedTry(teamMailbox, 'step-notification');
    expect(waiting.state).toBe('pending');

    await stack.restartEmulator('ses');
    expect(await sweep()).toMatchObject({ sent: 1 });
    expect(await sweep()).toMatchObject({ sent: 0, retry: 0 });
    expect(await stepMails('Collector')).toHaveLength(1);
    expect((await getDelivery(waiting.id))?.state).toBe('sent');
  }, 120_000);

  it('SES hung: the step completes (200) without waiting for SES, and its mail goes out exactly once after recovery', async () => {
    await stack.killEmulator('ses');
    const hung = await hangSes();
    try {
      await completeStep('commission_rules');
      await failedTry(teamMailbox, 'step-notification');
    } finally {
      await hung.release();
    }
    await stack.restartEmulator('ses');
    expect(await sweep()).toMatchObject({ sent: 1 });
    expect(await sweep()).toMatchObject({ sent: 0 });
    expect(await stepMails('Affiliate Commission')).toHaveLength(1);
  }, 120_000);

  it('SES stopped: a password reset answers "sent", its link waits in the outbox, and the one mail that goes out later carries a live link', async () => {
    await stack.killEmulator('ses');
    const answer = await new Browser(stack.url).post('/api/security/password-reset', { login: user.login, language: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'sent' });
    await failedTry(user.login, 'password-reset');

    await stack.restartEmulator('ses');
    expect(await sweep()).toMatchObject({ sent: 1 });
    await sweep();
    const mails = await mailsTo(stack.endpoints.ses, user.login);
    expect(mails).toHaveLength(1);
    const link = linkIn(mails[0]!, '/password-reset/')!;
    const token = link.split('/password-reset/')[1]!;
    expect((await new Browser(stack.url).get(`/api/security/password-reset/${token}`)).status).toBe(200);
  }, 120_000);

  it('a mail whose every try fails is dead, listed for administrators, and sent again by one of them (audited)', async () => {
    await stack.killEmulator('ses');
    // The feed step without a checked feed: an administrator's to complete.
    const done = await admin.post('/api/integration-status/update', { stepType: 'status_feed', status: 'done' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const first = await failedTry(teamMailbox, 'step-notification');
    let record: OutboxRecord | null = null;
    for (let i = 0; i < OUTBOX_RETRY.maxAttempts && record?.state !== 'dead'; i++) {
      await sweep();
      record = await getDelivery(first.id);
    }
    expect(record).toMatchObject({ state: 'dead', attempts: OUTBOX_RETRY.maxAttempts });
    expect(record?.lastError).toBeTruthy();

    const dead = await admin.get<OutboxPage>('/api/outbox?state=dead');
    expect(dead.status).toBe(200);
    const listed = dead.body.deliveries.find((d) => d.id === first.id);
    expect(listed).toMatchObject({ state: 'dead', recipient: teamMailbox, topic: 'step-notification', attempts: OUTBOX_RETRY.maxAttempts });
    // What it carries is never answered.
    expect(JSON.stringify(dead.body)).not.toContain('url_integration');
    // Not an administrator: refused.
    expect((await customer.get('/api/outbox?state=dead')).status).toBe(403);
    expect((await customer.post(`/api/outbox/${first.id}/resend`, {})).status).toBe(403);

    await stack.restartEmulator('ses');
    const resent = await admin.post<OutboxDelivery>(`/api/outbox/${first.id}/resend`, {});
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ id: first.id, state: 'pending', attempts: 0 });
    // The kicked dispatcher sends it.
    await until('the resent mail', async () => (await getDelivery(first.id))?.state === 'sent');
    expect(await stepMails('Order Feed')).toHaveLength(1);
    expect((await admin.get<OutboxPage>('/api/outbox?state=dead')).body.deliveries.map((d) => d.id)).not.toContain(first.id);
    // Sent: nothing to send again.
    expect((await admin.post(`/api/outbox/${first.id}/resend`, {})).status).toBe(409);
    const audit = await listAudit({ kind: 'outbox' }, null, 50);
    expect(audit.entries.find((entry) => entry.recordId === first.id)).toMatchObject({ action: 'resend', before: { state: 'dead' }, after: { state: 'pending' } });
  }, 180_000);
});
