import { withHtmlVariables } from '../../lib/definitions/mail-html';
import type { MailTemplateName } from '../../lib/definitions/resources';
import { env } from './env';

/**
 * Sends one e-mail with a stored SES v2 template (created by the CDK and by local provisioning).
 * Template names carry the stage prefix (MAIL_TEMPLATE_PREFIX), so stages share one account.
 * SES does not escape variables: the stored HTML part reads each one's escaped copy, which is
 * added here for every variable (lib/definitions/mail-html.ts); callers pass raw text.
 */
interface MailRequest {
  to: string;
  template: MailTemplateName;
  data: Record<string, string>;
}

export type Mailer = (mail: MailRequest) => Promise<void>;

const templateName = (template: MailTemplateName): string => `${env.templatePrefix}${template}`;

export const sendTemplatedEmail: Mailer = async ({ to, template, data }) => {
  // The SES client is loaded with the first mail, not at a cold start (docs/deploy.md, "Cold start").
  const { sendEmail } = await import('./clients/ses');
  await sendEmail({
    FromEmailAddress: env.mailFrom,
    Destination: { ToAddresses: [to] },
    Content: { Template: { TemplateName: templateName(template), TemplateData: JSON.stringify(withHtmlVariables(data)) } },
    // Deployed stages publish bounces and complaints through it; locally there is none.
    ...(env.mailConfigurationSet ? { ConfigurationSetName: env.mailConfigurationSet } : {}),
  });
};
