import type { MailTemplateName } from '../../platform/config/resources';
import { getCompany } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { logger } from '../../platform/log';
import type { Mailer } from '../../platform/mailer';
import { queueMail } from '../outbox/outbox';

/**
 * Tells the owner that an authenticator app was added to or removed from the account, whoever
 * did it (the owner, an administrator, a reset by e-mail): a change made with a stolen session or
 * mailbox does not go unnoticed. In the language of the welcome mail (the main company's country).
 */

export type MfaChange = 'added' | 'removed';

export interface MfaMailDeps {
  sendMail: Mailer;
  countryOf(companyId: string): Promise<string | undefined>;
  appUrl(): string;
}

const defaults: MfaMailDeps = {
  sendMail: queueMail,
  countryOf: async (companyId) => (await getCompany(companyId))?.country,
  appUrl: () => env.appUrl,
};

function mfaMailTemplate(change: MfaChange, country: string | undefined): MailTemplateName {
  const language = country?.toUpperCase() === 'FR' ? '-fr' : country?.toUpperCase() === 'RU' ? '-ru' : '';
  return `mfa-${change}${language}` as MailTemplateName;
}

/** Best effort: the change is made either way; a mail that could not go is logged for operators. */
export async function notifyMfaChange(user: Pick<UserRecord, 'id' | 'login' | 'companyId'>, change: MfaChange, deps: MfaMailDeps = defaults): Promise<void> {
  try {
    const template = mfaMailTemplate(change, await deps.countryOf(user.companyId));
    await deps.sendMail({ to: user.login, template, data: { login: user.login, url_integration: `${deps.appUrl()}/login` } });
  } catch (error) {
    logger().error('authenticator change mail not sent', { userId: user.id, change, error: (error as Error).name });
  }
}
