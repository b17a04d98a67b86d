import { withHtmlVariables } from './config/mail-html';
import type { MailTemplateName } from './config/resources';
import { env } from './env';

/**
 * Sends one e-mail with a stored SES v2 template (created by the CDK and by local provisioning).
 * Template names carry the stage prefix (MAIL_TEMPLATE_PREFIX), so stages share one account.
 * SES does not escape variables: the stored HTML part reads each one's escaped copy, which is
 * added here for every variable (functions/platform/config/mail-html.ts); callers pass raw text.
 * Transport only: whether an address may be mailed (SES reported it bounced or complaining) is
 * the outbox's rule (functions/core/outbox/outbox.ts), since platform sits below the data layer.
 */
export interface MailRequest {
  to: string;
  template: MailTemplateName;
  data: Record<string, string>;
}

/** A mail not sent because its address is suppressed (callers that report a mail, e.g. the welcome mail, say so). */
interface MailSkipped {
  skipped: 'suppressed';
}

export type Mailer = (mail: MailRequest) => Promise<MailSkipped | void>;

const templateName = (template: MailTemplateName): string => `${env.templatePrefix}${template}`;

export const sendTemplatedEmail = async ({ to, template, data }: MailRequest): Promise<void> => {
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
