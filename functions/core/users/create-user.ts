import type { CreatedUser } from '../../../shared/domain/types';
import { displayName } from '../../../shared/domain/roles';
import type { UserCreateRequest } from '../../../shared/schemas/users';
import type { MailTemplateName } from '../../platform/config/resources';
import type { CompanyRecord } from '../../data/companies';
import { createUser, findUserIdByLogin, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ConflictError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import { queueMail } from '../outbox/outbox';
import { createIdentity, deleteIdentity, type CognitoIdentity } from '../../platform/users-admin';
import { CompanyDirectory, companyLookup, toAdminUser, type CompanyLookup } from './admin-users';
import { logger } from '../../platform/log';

export interface CreateUserDeps {
  companyLookup: CompanyLookup;
  findUserIdByLogin(login: string): Promise<string | null>;
  createIdentity: typeof createIdentity;
  deleteIdentity(username: string): Promise<void>;
  createUser: typeof createUser;
  sendMail: Mailer;
  appUrl(): string;
  protectedLogin(): string | undefined;
}

const defaults: CreateUserDeps = {
  companyLookup,
  findUserIdByLogin,
  createIdentity,
  deleteIdentity,
  createUser,
  sendMail: queueMail,
  appUrl: () => env.appUrl,
  protectedLogin: () => env.protectedAdminLogin,
};

/** The welcome template follows the main company's country (spec: RU, FR, default). */
export function welcomeTemplate(country: string): MailTemplateName {
  switch (country.toUpperCase()) {
    case 'RU':
      return 'welcome-ru';
    case 'FR':
      return 'welcome-fr';
    default:
      return 'welcome-default';
  }
}

/**
 * The welcome e-mail (template by the main company's country) with the temporary password: false
 * when it could not go. The account exists either way and the admin sees the password once, so
 * they can pass it on themselves. Account creation and "resend welcome e-mail" both send it.
 */
export async function sendWelcome(
  user: Pick<UserRecord, 'login' | 'firstName' | 'lastName'>,
  main: Pick<CompanyRecord, 'country'>,
  password: string,
  deps: Pick<CreateUserDeps, 'sendMail' | 'appUrl'>,
): Promise<boolean> {
  const name = displayName(user);
  try {
    const outcome = await deps.sendMail({
      to: user.login,
      template: welcomeTemplate(main.country),
      data: { name, url_integration: `${deps.appUrl()}/login`, login: user.login, password },
    });
    // A suppressed address (it bounced or complained before): the admin passes the password on.
    return !outcome?.skipped;
  } catch (error) {
    logger().error('Welcome e-mail not sent', { error: (error as Error).name });
    return false;
  }
}

/**
 * POST /api/users: the Cognito identity (temporary password, group = role) and the table record,
 * kept consistent: when the table write fails (a concurrent create of the same login, an outage)
 * the identity is deleted again, so nothing is left behind. Then the welcome e-mail; the answer
 * carries the temporary password once (spec: plainPassword), also when the mail could not go.
 */
export async function createAdminUser(input: UserCreateRequest, deps: CreateUserDeps = defaults): Promise<CreatedUser> {
  const login = input.login.trim().toLowerCase();
  const taken = () => new ConflictError(`The login ${login} is already taken`);
  if (await deps.findUserIdByLogin(login)) throw taken();
  const directory = await CompanyDirectory.of(deps.companyLookup, [input.company, ...(input.managedCompanies ?? [])], []);
  const main = directory.main(input.company);
  const managedCompanyIds = directory.managedIds(input.role, input.managedCompanies ?? [], main);

  const identity: CognitoIdentity = await deps.createIdentity(login, input.password, input.role);
  let user: UserRecord;
  try {
    user = await deps.createUser({
      id: identity.sub,
      login,
      cognitoUsername: identity.username,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      roles: [input.role],
      companyId: main.id,
      managedCompanyIds,
    });
  } catch (error) {
    await deps.deleteIdentity(identity.username);
    throw error instanceof ConflictError ? taken() : error;
  }

  const welcomeMailSent = await sendWelcome(user, main, input.password, deps);
  return { ...toAdminUser(user, directory.byId, deps.protectedLogin()), plainPassword: input.password, welcomeMailSent };
}
