import { webcrypto } from 'node:crypto';
import type { CreatedUser } from '../../../shared/domain/types';
import { generatePassword } from '../../../shared/schemas/users';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import type { Mailer } from '../../platform/mailer';
import { queueMail } from '../outbox/outbox';
import { setPassword } from '../../platform/users-admin';
import type { IdentityProvider } from '../../platform/identity-provider';
import { capRetryAfterSeconds, tableThrottleStore, withinCap, type CapPolicy, type ThrottleStore } from '../security/throttle';
import { CompanyDirectory, companyLookup, isProtectedLogin, toAdminUser, type CompanyLookup } from './admin-users';
import { sendWelcome } from './create-user';

export interface ResendWelcomeDeps {
  getUser(id: string): Promise<UserRecord | null>;
  companyLookup: CompanyLookup;
  /** Cognito's AdminSetUserPassword, temporary: the next sign-in answers NEW_PASSWORD_REQUIRED. */
  setTemporaryPassword(username: string, password: string): Promise<void>;
  newPassword(): string;
  markPasswordChanged(user: UserRecord): Promise<void>;
  markSignedOut(userId: string, atSeconds: number): Promise<void>;
  identity: Pick<IdentityProvider, 'signOutEverywhere'>;
  sendMail: Mailer;
  appUrl(): string;
  protectedLogin(): string | undefined;
  throttle: ThrottleStore;
  now(): number;
}

const defaults: ResendWelcomeDeps = {
  getUser: usersRepo.getUser,
  companyLookup,
  setTemporaryPassword: (username, password) => setPassword(username, password, false),
  newPassword: () => generatePassword((buffer) => webcrypto.getRandomValues(buffer)),
  markPasswordChanged: usersRepo.markPasswordChanged,
  markSignedOut: usersRepo.markSignedOut,
  identity: cognitoIdentity,
  sendMail: queueMail,
  appUrl: () => env.appUrl,
  protectedLogin: () => env.protectedAdminLogin,
  throttle: tableThrottleStore,
  now: () => Date.now(),
};

/** As the reset e-mails (core/security/throttle.ts): 3 welcome e-mails an hour per user, whoever asks. */
export const WELCOME_MAILS_PER_USER: CapPolicy = { scope: 'welcome-mail-user', windowSeconds: 60 * 60, max: 3 };

/**
 * POST /api/users/{id}/welcome-resend: a new temporary password (as at creation: the first sign-in
 * asks for the user's own) and the welcome e-mail again, for a user who lost theirs. The old password
 * stops working, so its sessions and reset links end as after an admin's password change. Never the
 * protected administrator (the stage's first admin would be taken over by an admin session), nor the
 * caller (it would end their own session: they change their password on their profile).
 */
export async function resendWelcome(id: string, caller: { id: string }, deps: ResendWelcomeDeps = defaults): Promise<CreatedUser> {
  const user = await deps.getUser(id);
  if (!user || user.deletedAt) throw new NotFoundError('No such user');
  const protectedLogin = deps.protectedLogin();
  if (isProtectedLogin(user.login, protectedLogin)) throw new ForbiddenError('The protected administrator’s password cannot be replaced');
  if (user.id === caller.id) throw new ForbiddenError('Change your own password from your profile');
  const now = deps.now();
  if (!(await withinCap(deps.throttle, WELCOME_MAILS_PER_USER, user.id, now))) throw new TooManyRequestsError(capRetryAfterSeconds(WELCOME_MAILS_PER_USER, now));

  const companies = (await CompanyDirectory.of(deps.companyLookup, [], [user.companyId, ...user.managedCompanyIds])).byId;
  const password = deps.newPassword();
  await deps.setTemporaryPassword(user.cognitoUsername, password);
  await deps.markPasswordChanged(user);
  await deps.markSignedOut(user.id, Math.floor(now / 1000));
  await deps.identity.signOutEverywhere(user.cognitoUsername);
  const welcomeMailSent = await sendWelcome(user, companies.get(user.companyId) ?? { country: '' }, password, deps);
  return { ...toAdminUser(user, companies, protectedLogin), plainPassword: password, welcomeMailSent };
}
