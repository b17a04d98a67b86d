import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, templateVariables } from '../../functions/platform/config/mail-html';
import { mailTemplates, type MailTemplateName } from '../../functions/platform/config/resources';
import { sendTemplatedEmail } from '../../functions/platform/mailer';
import { ensureCompany, TEAM_COMPANY } from '../../localstack/seed';
import type { CreatedUser } from '../../shared/domain/types';
import { localStack, useLocalEnv } from '../support/local-stack';
import { latestMailTo, type SentMail } from '../support/mailbox';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';

/**
 * Mail variables reach the HTML part escaped and the text part verbatim: SES (and aws-ses-v2-local,
 * which renders as SES does) escapes nothing, so the mailer does (functions/platform/config/mail-html.ts).
 * Rendered by the SES emulator from the templates the local provisioning stored.
 */

const MARKUP = `<script>alert(1)</script>&"'`;

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

/** The HTML part holds no raw markup of a variable: no `<script`, no `<b>x` from a value. */
function expectNoRawMarkup(mail: SentMail) {
  expect(mail.body.html).not.toContain('<script');
  expect(mail.body.html).not.toContain('<i>');
}

describe('every template, every variable', () => {
  // Generic on purpose: a template added later is covered with no line of its own.
  it.each(mailTemplates.map((t) => [t.name, t] as const))('%s: the HTML part escapes each variable, the text part keeps it verbatim', async (name, template) => {
    const variables = [...new Set([template.subject, template.html, template.text].flatMap(templateVariables))];
    expect(variables.length).toBeGreaterThan(0);
    // Each value names its variable, so a variable missing from a part cannot pass for another.
    const data = Object.fromEntries(variables.map((v) => [v, `[${v}]${MARKUP}<i>${v}</i>`]));
    const to = `escape-${name}-${uniqueSuffix()}@it.portal.test`;
    const since = Date.now();
    await sendTemplatedEmail({ to, template: name as MailTemplateName, data });
    const mail = await latestMailTo(stack.endpoints.ses, to, { since });

    expectNoRawMarkup(mail);
    for (const variable of templateVariables(template.html)) expect(mail.body.html).toContain(escapeHtml(data[variable]!));
    for (const variable of templateVariables(template.text)) expect(mail.body.text).toContain(data[variable]);
    // The subject is a header, plain text: verbatim too.
    for (const variable of templateVariables(template.subject)) expect(mail.subject).toContain(data[variable]);
  });
});

describe('through the gateway', () => {
  it('the welcome mail of a user an administrator names <script>... shows the name as text', async () => {
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', await ensureCompany(TEAM_COMPANY)));
    const company = await makeCompany('Mail escaping', { country: 'DE' }); // the default (English) welcome
    const login = `escape-welcome-${uniqueSuffix()}@it.portal.test`;
    const since = Date.now();
    const answer = await admin.post<CreatedUser>('/api/users', {
      login,
      password: 'Welcome-pass-42',
      firstName: MARKUP,
      lastName: '<i>Novak</i>',
      role: 'ROLE_USER',
      company: company.name,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);

    const mail = await latestMailTo(stack.endpoints.ses, login, { since });
    expectNoRawMarkup(mail);
    expect(mail.body.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39; &lt;i&gt;Novak&lt;/i&gt;,');
    expect(mail.body.text).toContain(`Hello ${MARKUP} <i>Novak</i>,`);
    // The link and the password still read as they were sent.
    expect(mail.body.html).toContain(`href="${stack.env.APP_URL}/login"`);
    expect(mail.body.html).toContain('Temporary password: Welcome-pass-42');
  });

  it('the step notification for a company named with markup shows the name as text', async () => {
    const company = await makeCompany(`<i>Shop</i> & "Co"`);
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const since = Date.now();
    expect((await client.post('/api/integration-status/update', { stepType: 'collector', status: 'done' })).status).toBe(200);

    const mail = await latestMailTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX, { since, where: (m) => m.subject.includes(company.name) });
    expectNoRawMarkup(mail);
    expect(mail.body.html).toContain(`<b>${escapeHtml(company.name)}</b>`);
    expect(mail.body.text).toContain(company.name);
  });
});
