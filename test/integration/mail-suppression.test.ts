import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { ensureCompany, TEAM_COMPANY } from '../../localstack/seed';
import type { CreatedUser, UserMailSuppression } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';
import { latestMailTo, mailsTo } from '../support/mailbox';

/**
 * SES bounces and complaints, end to end on the local stack: a mail to SES's simulator address
 * bounces (localstack/ses-events.ts publishes the event to the mail-events function, as the
 * configuration set and its topic do on AWS), the address is suppressed, the next mail to it is
 * skipped while others are sent, and only an administrator sees and lifts the suppression.
 */

let stack: ReturnType<typeof localStack>;
let team: CompanyRecord;
let customers: CompanyRecord;
let admin: Browser;
let customer: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  team = await ensureCompany(TEAM_COMPANY);
  customers = await makeCompany('Mail suppression', { country: 'DE' });
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', team));
  customer = await signedIn(stack.url, await makeUser('ROLE_USER', customers));
});

const newUser = (login: string) =>
  admin.post<CreatedUser>('/api/users', { login, password: 'Welcome-pass-42', firstName: 'Bo', lastName: 'Unce', role: 'ROLE_USER', company: customers.name });

const suppressionOf = async (id: string) => {
  const answer = await admin.get<UserMailSuppression>(`/api/users/${id}/mail-suppression`);
  expect(answer.status).toBe(200);
  return answer.body.suppression;
};

describe('a hard bounce', () => {
  it('suppresses the address: its next mail is skipped, others still go, an admin sees and lifts it, a customer cannot', async () => {
    const bounced = `bounce+${uniqueSuffix()}@simulator.amazonses.com`;
    const first = await newUser(bounced);
    expect(first.status).toBe(201);
    // SES accepted the welcome mail; the bounce came back after it.
    expect(first.body.welcomeMailSent).toBe(true);
    expect(await mailsTo(stack.endpoints.ses, bounced)).toHaveLength(1);
    // The mail leaves through the outbox after the answer, and SES's event comes back after it.
    await expect.poll(() => suppressionOf(first.body.id), { timeout: 15_000 }).toMatchObject({ address: bounced, type: 'bounce', reason: expect.stringContaining('General') });

    // The next mail to the address (a new account under the same login) is skipped, and said so.
    expect((await admin.delete(`/api/users/${first.body.id}`, { json: { version: first.body.version } })).status).toBe(200);
    const again = await newUser(bounced);
    expect(again.status).toBe(201);
    expect(again.body.welcomeMailSent).toBe(false);
    expect(await mailsTo(stack.endpoints.ses, bounced)).toHaveLength(1);

    // Another user still gets theirs.
    const other = `suppression-other-${uniqueSuffix()}@it.portal.test`;
    const otherAnswer = await newUser(other);
    expect(otherAnswer.body.welcomeMailSent).toBe(true);
    expect(await mailsTo(stack.endpoints.ses, other)).toHaveLength(1);
    expect(await suppressionOf(otherAnswer.body.id)).toBeNull();

    // A customer neither reads nor lifts it.
    const id = again.body.id;
    expect((await customer.get(`/api/users/${id}/mail-suppression`)).status).toBe(403);
    expect((await customer.delete(`/api/users/${id}/mail-suppression`)).status).toBe(403);
    expect(await suppressionOf(id)).toMatchObject({ type: 'bounce' });

    // The administrator lifts it: the address is mailed again (a password reset, sent by its job).
    const lifted = await admin.delete<UserMailSuppression>(`/api/users/${id}/mail-suppression`);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ suppression: null });
    expect(await suppressionOf(id)).toBeNull();
    const since = Date.now();
    expect((await admin.post('/api/security/password-reset', { login: bounced })).status).toBe(200);
    // The mailbox keeps whole seconds: the first welcome mail may share `since`'s second, so wait for the reset mail itself.
    const reset = await latestMailTo(stack.endpoints.ses, bounced, { since, timeoutMs: 15_000, where: (mail) => mail.subject === 'Reset your password' });
    expect(reset.destination.to).toEqual([bounced]);
  });

  it('a complaint suppresses too; an unknown user is a 404', async () => {
    const complained = `complaint+${uniqueSuffix()}@simulator.amazonses.com`;
    const created = await newUser(complained);
    await expect.poll(() => suppressionOf(created.body.id), { timeout: 15_000 }).toMatchObject({ address: complained, type: 'complaint', reason: 'abuse' });
    expect((await admin.get('/api/users/00000000-0000-4000-8000-000000000000/mail-suppression')).status).toBe(404);
  });
});
