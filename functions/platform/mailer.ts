import { withHtmlVariables } from '../../lib/definitions/mail-html';
import type { MailTemplateName } from '../../lib/definitions/resources';
import { getMailSuppression } from '../data/mail-suppressions';
import { env } from './env';
import { logger } from './log';

/**
 * Sends one e-mail with a stored SES v2 template (created by the CDK and by local provisioning).
 * Template names carry the stage prefix (MAIL_TEMPLATE_PREFIX), so stages share one account.
 * SES does not escape variables: the stored HTML part reads each one's escaped copy, which is
 * added here for every variable (lib/definitions/mail-html.ts); callers pass raw text.
 * An address SES reported as bounced hard or complaining (functions/core/mail/ses-events.ts) gets
 * nothing: the mail is skipped and logged, never thrown, so one bounced user never breaks the flow
 * that mails (a step completion, a user's creation). Mailing it anyway would hurt the sender's
 * reputation, which SES pauses an account for.
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

export const sendTemplatedEmail: Mailer = async ({ to, template, data }) => {
  const suppression = await getMailSuppression(to);
  if (suppression) {
    logger().warn('mail skipped: address suppressed', { template, type: suppression.type, since: suppression.at, domain: to.split('@')[1] });
    return { skipped: 'suppressed' };
  }
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
