import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo, type SentMail } from '../support/mailbox';

/** The step engine through the local gateway: GET /api/integration-status, POST .../update, POST /api/email/send. */

let stack: ReturnType<typeof localStack>;
let mailbox: string;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
  mailbox = stack.env.INTEGRATION_MAILBOX;
});

const statusOf = (answer: { body: { steps: Array<{ stepType: string; status: string }> } }, stepType: string) =>
  answer.body.steps.find((s) => s.stepType === stepType)?.status;

/** The integration team's mails about one company (subjects name it). */
async function teamMailsAbout(company: CompanyRecord): Promise<SentMail[]> {
  return (await mailsTo(stack.endpoints.ses, mailbox)).filter((mail) => mail.subject.includes(company.name));
}

async function customerOf(company: CompanyRecord): Promise<Browser> {
  return signedIn(stack.url, await makeUser('ROLE_USER', company));
}

describe('GET /api/integration-status', () => {
  it('answers the current company’s steps in its order, with the facts of the rules', async () => {
    const company = await makeCompany('Steps list', { product: 'affiliate' });
    const answer = await (await customerOf(company)).get('/api/integration-status');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ companyId: company.id, companyName: company.name, product: 'affiliate', sourceCount: 0, feedChecked: false });
    expect(answer.body.steps.map((s: { stepType: string }) => s.stepType)).toEqual(['google_analytics', 'sources', 'collector', 'status_feed', 'commission_rules']);
    expect(answer.body.steps.every((s: { status: string; updated: unknown }) => s.status === 'TBD' && s.updated === null)).toBe(true);
  });
});

describe('POST /api/integration-status/update', () => {
  it('completes a step once and mails the team exactly once, even when the request is sent twice at once and again', async () => {
    const company = await makeCompany('Steps notify');
    const client = await customerOf(company);
    const body = { stepType: 'collector', status: 'done' };
    const [a, b] = await Promise.all([client.post('/api/integration-status/update', body), client.post('/api/integration-status/update', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await client.post('/api/integration-status/update', body);
    expect(again.status).toBe(200);
    expect(statusOf(again, 'collector')).toBe('done');
    expect(again.body.steps.find((s: { stepType: string }) => s.stepType === 'collector').updated).toMatch(/^\d{4}-\d\d-\d\dT/);
    const mails = await teamMailsAbout(company);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${company.name}: step Collector completed`);
    expect(mails[0]!.body.text).toContain(`${stack.env.APP_URL}/dashboard`);
  });

  it('lets only an administrator set a done step back to TBD, without a mail', async () => {
    const company = await makeCompany('Steps reset');
    const customer = await customerOf(company);
    await customer.post('/api/integration-status/update', { stepType: 'collector', status: 'done' });
    const refused = await customer.post('/api/integration-status/update', { stepType: 'collector', status: 'TBD' });
    expect(refused.status).toBe(403);
    const manager = await signedIn(stack.url, await makeUser('ROLE_MANAGER', company));
    expect((await manager.post('/api/integration-status/update', { stepType: 'collector', status: 'TBD' })).status).toBe(403);

    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
    const reset = await admin.post('/api/integration-status/update', { stepType: 'collector', status: 'TBD' });
    expect(reset.status).toBe(200);
    expect(statusOf(reset, 'collector')).toBe('TBD');
    expect(await teamMailsAbout(company)).toHaveLength(1); // the completion's only
  });

  it('applies the step rules: sources need a source, automatic steps are not completed by hand', async () => {
    const company = await makeCompany('Steps rules');
    const customer = await customerOf(company);
    const sources = await customer.post('/api/integration-status/update', { stepType: 'sources', status: 'done' });
    expect(sources.status).toBe(400);
    expect(sources.body.errors).toEqual({ status: 'validation.step.noSources' });
    const ga = await customer.post('/api/integration-status/update', { stepType: 'google_analytics', status: 'done' });
    expect(ga.body.errors).toEqual({ status: 'validation.step.notManual' });
    const feed = await customer.post('/api/integration-status/update', { stepType: 'status_feed', status: 'done' });
    expect(feed.body.errors).toEqual({ status: 'validation.step.feedNotChecked' });
    const other = await customer.post('/api/integration-status/update', { stepType: 'status_feed', status: 'done', otherConnection: true });
    expect(statusOf(other, 'status_feed')).toBe('done');
    const missing = await customer.post('/api/integration-status/update', { stepType: 'utm_rules', status: 'done' });
    expect(missing.status).toBe(404);
    const bad = await customer.post('/api/integration-status/update', { stepType: 'everything', status: 'finished' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ stepType: 'validation.invalid', status: 'validation.invalid' });
  });

  it('keeps the note of a feed completed another way, tells the team (a lead feed, escaped), drops it on a reset', async () => {
    const company = await makeCompany('Steps other way', { product: 'affiliate' });
    const customer = await customerOf(company);
    const tooLong = await customer.post('/api/integration-status/update', { stepType: 'status_feed', status: 'done', otherConnection: true, note: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ note: 'validation.step.noteTooLong' });
    expect(statusOf(await customer.get('/api/integration-status'), 'status_feed')).toBe('TBD');

    const note = 'Nightly <b>SFTP</b> export from our CRM';
    const done = await customer.post('/api/integration-status/update', { stepType: 'status_feed', status: 'done', otherConnection: true, note: `  ${note} ` });
    expect(done.status).toBe(200);
    const step = (body: { steps: Array<{ stepType: string; note?: string }> }) => body.steps.find((s) => s.stepType === 'status_feed');
    expect(step(done.body)).toMatchObject({ status: 'done', note });
    expect(step((await customer.get('/api/integration-status')).body)).toMatchObject({ note });
    const mails = await teamMailsAbout(company);
    expect(mails.map((mail) => mail.subject)).toEqual([`${company.name}: step Lead Feed completed`]);
    expect(mails[0]!.body.text).toContain(`The data comes another way. Their note: ${note}`);
    expect(mails[0]!.body.html).toContain('Their note: Nightly &lt;b&gt;SFTP&lt;/b&gt; export');

    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
    // The report is paged: the company's own rows (its edit page's link).
    const report = (await admin.get(`/api/integration-status/report?company=${company.id}`)).body as { rows: Array<{ companyId: string; stepType: string; note?: string }> };
    expect(report.rows.find((row) => row.companyId === company.id && row.stepType === 'status_feed')?.note).toBe(note);
    const reset = await admin.post('/api/integration-status/update', { stepType: 'status_feed', status: 'TBD' });
    expect(step(reset.body)).not.toHaveProperty('note');
  });

  it('works on the caller’s company only, whatever company the body names', async () => {
    const a = await makeCompany('Steps A');
    const b = await makeCompany('Steps B');
    const customerA = await customerOf(a);
    const answer = await customerA.post('/api/integration-status/update', { stepType: 'collector', status: 'done', company: b.id, companyId: b.id });
    expect(answer.body.companyId).toBe(a.id);
    const stepsOfB = await (await customerOf(b)).get('/api/integration-status');
    expect(statusOf(stepsOfB, 'collector')).toBe('TBD');
    expect(await teamMailsAbout(b)).toHaveLength(0);
  });
});

describe('POST /api/email/send', () => {
  it('sends the validation notice only when every step is complete, to the team only', async () => {
    const company = await makeCompany('Steps validate', { integrationSteps: ['collector', 'commission_rules'] });
    const customer = await customerOf(company);
    const early = await customer.post('/api/email/send', { template_id: 'integration-validation' });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ template_id: 'validation.step.notComplete' });
    for (const stepType of ['collector', 'commission_rules']) {
      expect((await customer.post('/api/integration-status/update', { stepType, status: 'done' })).status).toBe(200);
    }
    const elsewhere = await customer.post('/api/email/send', { template_id: 'integration-validation', email: 'someone@evil.example' });
    expect(elsewhere.status).toBe(403);
    const otherTemplate = await customer.post('/api/email/send', { template_id: 'password-reset', email: mailbox });
    expect(otherTemplate.status).toBe(400);
    const sent = await customer.post('/api/email/send', { template_id: 'integration-validation', email: mailbox, vars: { company_name: 'Forged' } });
    expect(sent.status).toBe(200);
    const validation = (await teamMailsAbout(company)).filter((mail) => mail.subject.endsWith('integration validated'));
    expect(validation).toHaveLength(1);
    expect(validation[0]!.subject).toBe(`${company.name}: integration validated`);
    expect(await mailsTo(stack.endpoints.ses, 'someone@evil.example')).toHaveLength(0);
  });
});
