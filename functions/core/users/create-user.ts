import type { CreatedUser } from '../../../shared/domain/types';
import type { UserCreateRequest } from '../../../shared/schemas/users';
import type { MailTemplateName } from '../../../lib/definitions/resources';
import { listCompanies, type CompanyRecord } from '../../data/companies';
import { createUser, findUserIdByLogin, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ConflictError } from '../../platform/errors';
import { sendTemplatedEmail, type Mailer } from '../../platform/mailer';
import { createIdentity, deleteIdentity, type CognitoIdentity } from '../../platform/users-admin';
import { CompanyDirectory, toAdminUser } from './admin-users';
import { logger } from '../../platform/log';

export interface CreateUserDeps {
  listCompanies(): Promise<CompanyRecord[]>;
  findUserIdByLogin(login: string): Promise<string | null>;
  createIdentity: typeof createIdentity;
  deleteIdentity(username: string): Promise<void>;
  createUser: typeof createUser;
  sendMail: Mailer;
  appUrl(): string;
  protectedLogin(): string | undefined;
}

const defaults: CreateUserDeps = {
  listCompanies,
  findUserIdByLogin,
  createIdentity,
  deleteIdentity,
  createUser,
  sendMail: sendTemplatedEmail,
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
 * POST /api/users: the Cognito identity (temporary password, group = role) and the table record,
 * kept consistent: when the table write fails (a concurrent create of the same login, an outage)
 * the identity is deleted again, so nothing is left behind. Then the welcome e-mail; the answer
 * carries the temporary password once (spec: plainPassword), also when the mail could not go.
 */
export async function createAdminUser(input: UserCreateRequest, deps: CreateUserDeps = defaults): Promise<CreatedUser> {
  const login = input.login.trim().toLowerCase();
  const taken = () => new ConflictError(`The login ${login} is already taken`);
  if (await deps.findUserIdByLogin(login)) throw taken();
  const directory = new CompanyDirectory(await deps.listCompanies());
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

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || login;
  let welcomeMailSent = true;
  try {
    const outcome = await deps.sendMail({
      to: login,
      template: welcomeTemplate(main.country),
      data: { name, url_integration: `${deps.appUrl()}/login`, login, password: input.password },
    });
    // A suppressed address (it bounced or complained before): the admin passes the password on.
    if (outcome?.skipped) welcomeMailSent = false;
  } catch (error) {
    // The account exists and the admin sees the password once: they can pass it on themselves.
    welcomeMailSent = false;
    logger().error('Welcome e-mail not sent', { error: (error as Error).name });
  }
  return { ...toAdminUser(user, directory.byId, deps.protectedLogin()), plainPassword: input.password, welcomeMailSent };
}
