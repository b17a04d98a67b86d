import { primaryRole } from '../../../shared/domain/roles';
import type { CurrentUser } from '../../../shared/domain/types';
import type { LoginRequest, MfaSignInRequest, NewPasswordChallengeRequest } from '../../../shared/schemas/security';
import * as audit from '../../data/audit';
import type { SignInAttempt } from '../../data/audit';
import * as challenges from '../../data/sign-in-challenges';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { runAs } from '../../platform/actor';
import { env } from '../../platform/env';
import { cognitoIdentity } from '../../platform/identity';
import { InvalidCredentialsError, InvalidMfaCodeError, UnauthenticatedError } from '../../platform/errors';
import { currentUserOf } from '../users/companies';
import { logger } from '../../platform/log';
import type { IdentityProvider, Tokens } from '../../platform/identity-provider';
import { mustSetUpMfa } from './mfa-rules';
import { assertNewPassword } from './password-check';
import { endedBySignOut, TOKEN_CLOCK_SKEW_SECONDS } from './session-rules';
import { assertMayTrySignIn, clearSignInFailures, countSignInFailure, tableThrottleStore, type ThrottleStore } from './throttle';

/**
 * Sign-in, first-sign-in new password, refresh and sign-out.
 *
 * A session ends when the access token's `iat` is at or before the user record's `signedOutAt`
 * (epoch seconds) plus the clock skew allowed (session-rules.ts): the auth middleware refuses
 * such tokens, and refresh refuses to extend them. So a sign-in within that skew after a
 * sign-out waits it out before asking Cognito; otherwise its fresh token would count as signed out.
 */

export interface SessionDeps {
  identity: IdentityProvider;
  findUserByLogin(login: string): Promise<UserRecord | null>;
  getUser(id: string): Promise<UserRecord | null>;
  markSignedOut(userId: string, atSeconds: number): Promise<void>;
  markPasswordChanged(user: UserRecord): Promise<void>;
  saveChallenge(session: string, userId: string, expiresAt: number, kind?: challenges.ChallengeKind): Promise<void>;
  isLiveChallenge(session: string, userId: string, nowSeconds: number, kind?: challenges.ChallengeKind): Promise<boolean>;
  setMfaEnrolled(user: UserRecord, enrolled: boolean): Promise<void>;
  markSignedIn(userId: string, at: string): Promise<void>;
  /** Administrators must sign in with an authenticator app (ADMIN_MFA). */
  adminMfaRequired(): boolean;
  deleteChallenge(session: string): Promise<void>;
  currentUserOf(user: UserRecord): Promise<CurrentUser>;
  throttle: ThrottleStore;
  /** The audit history's sign-in record (docs/product.md, "Audit history"): the login tried, the outcome, the client address. */
  recordSignIn(attempt: SignInAttempt): Promise<void>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

const defaults: SessionDeps = {
  identity: cognitoIdentity,
  findUserByLogin: usersRepo.findUserByLogin,
  getUser: usersRepo.getUser,
  markSignedOut: usersRepo.markSignedOut,
  markPasswordChanged: usersRepo.markPasswordChanged,
  saveChallenge: challenges.saveChallenge,
  isLiveChallenge: challenges.isLiveChallenge,
  deleteChallenge: challenges.deleteChallenge,
  setMfaEnrolled: usersRepo.setMfaEnrolled,
  markSignedIn: usersRepo.markSignedIn,
  adminMfaRequired: () => env.adminMfaRequired,
  currentUserOf: (user) => currentUserOf(user),
  throttle: tableThrottleStore,
  recordSignIn: audit.recordSignIn,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type SignInResult =
  | { status: 'signed-in'; user: CurrentUser; tokens: Tokens }
  | { status: 'new-password-required'; session: string }
  | { status: 'mfa-required'; session: string }
  /** Signed in, but the auth middleware opens only the enrolment routes until an authenticator is set up. */
  | { status: 'mfa-setup-required'; user: CurrentUser; tokens: Tokens };

/** Cognito's NEW_PASSWORD_REQUIRED session lives 3 minutes. */
const CHALLENGE_TTL_SECONDS = 180;

const isLive = (user: UserRecord | null): user is UserRecord => Boolean(user && !user.deletedAt);

/** Who a change made during the user's own sign-in is recorded under (docs/product.md, "Audit history"). */
const actorOf = (user: UserRecord) => ({ userId: user.id, login: user.login, role: primaryRole(user) });

async function waitPastSignOut(user: UserRecord, deps: SessionDeps): Promise<void> {
  // Stryker disable next-line ConditionalExpression: without it a null sign-out computes a wait of 6 s after 1970, never positive.
  if (user.signedOutAt == null) return;
  const wait = (user.signedOutAt + TOKEN_CLOCK_SKEW_SECONDS + 1) * 1000 - deps.now();
  if (wait > 0) await deps.sleep(wait + 25);
}

/**
 * `passedMfa`: the sign-in went through the authenticator-code step. Cognito asks for it whenever
 * the user has TOTP on, so a sign-in without it means TOTP is off, whatever the record says.
 */
async function signedIn(user: UserRecord, tokens: Tokens, deps: SessionDeps, passedMfa = false): Promise<SignInResult> {
  // The user record's id is the Cognito sub; a mismatch is a provisioning bug, not a bad password.
  if (tokens.subject !== user.id) throw new Error(`User ${user.id} signed in as Cognito subject ${tokens.subject}`);
  if (endedBySignOut(user, tokens.issuedAt)) throw new UnauthenticatedError('Sign in again');
  if (Boolean(user.mfaEnrolled) !== passedMfa) {
    // The record follows Cognito, recorded as the signing-in user's (a public route has no caller yet).
    await runAs(actorOf(user), () => deps.setMfaEnrolled(user, passedMfa));
    user = { ...user, mfaEnrolled: passedMfa };
  }
  await recordSignIn(user, deps);
  const current = await deps.currentUserOf(user);
  if (mustSetUpMfa(user, deps.adminMfaRequired())) return { status: 'mfa-setup-required', user: current, tokens };
  return { status: 'signed-in', user: current, tokens };
}

/** The users admin's "last sign-in": a failed write is logged, never a refused sign-in (the tokens are issued already). */
async function recordSignIn(user: UserRecord, deps: SessionDeps): Promise<void> {
  try {
    await deps.markSignedIn(user.id, new Date(deps.now()).toISOString());
  } catch (error) {
    logger().error('Last sign-in not recorded', { userId: user.id, error: (error as Error).name });
  }
}

/** Hands out a challenge of this user and remembers it (only such sessions are answered). */
async function challenge(user: UserRecord, kind: challenges.ChallengeKind, session: string, deps: SessionDeps): Promise<SignInResult> {
  await deps.saveChallenge(session, user.id, Math.floor(deps.now() / 1000) + CHALLENGE_TTL_SECONDS, kind);
  return kind === 'mfa' ? { status: 'mfa-required', session } : { status: 'new-password-required', session };
}

/**
 * `client`: the caller's network address. Wrong passwords back off per login and address, per
 * address, and under a per-login ceiling (core/security/throttle.ts), for existing and unknown
 * logins alike; while backing off, the password is not even tried, so a right guess during the
 * wait reveals nothing.
 */
export async function login(input: LoginRequest, client: string, deps: SessionDeps = defaults): Promise<SignInResult> {
  const attempt = { login: input.username, client };
  const ownFailures = await assertMayTrySignIn(deps.throttle, attempt, deps.now());
  try {
    const result = await attemptSignIn(input, deps);
    if (ownFailures) await clearSignInFailures(deps.throttle, attempt);
    if ('user' in result) await deps.recordSignIn({ userId: result.user.id, login: input.username, ok: true, client });
    return result;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      await countSignInFailure(deps.throttle, attempt, deps.now());
      // An unknown login is recorded as tried, nothing else is made for it.
      await deps.recordSignIn({ userId: (await deps.findUserByLogin(input.username))?.id ?? null, login: input.username, ok: false, client });
    }
    throw error;
  }
}

async function attemptSignIn(input: LoginRequest, deps: SessionDeps): Promise<SignInResult> {
  const user = await deps.findUserByLogin(input.username);
  if (isLive(user)) await waitPastSignOut(user, deps);
  // Cognito is asked even for an unknown login: both failures take the same path and answer.
  // (cognito-local matches e-mails case-sensitively: logins are stored lower-case.)
  const outcome = await deps.identity.signIn(user?.cognitoUsername ?? input.username.toLowerCase(), input.password);
  if (!isLive(user)) throw new InvalidCredentialsError();
  if (outcome.kind === 'new-password-required') return challenge(user, 'new-password', outcome.session, deps);
  if (outcome.kind === 'mfa-required') return challenge(user, 'mfa', outcome.session, deps);
  return signedIn(user, outcome.tokens, deps);
}

/**
 * The second step of a sign-in with an authenticator app. Wrong codes count and back off like
 * wrong passwords (six digits are guessable otherwise).
 */
export async function completeMfa(input: MfaSignInRequest, client: string, deps: SessionDeps = defaults): Promise<SignInResult> {
  const startedAt = deps.now();
  const attempt = { login: input.username, client };
  await assertMayTrySignIn(deps.throttle, attempt, startedAt);
  const user = await deps.findUserByLogin(input.username);
  const expired = () => new UnauthenticatedError('The sign-in session expired: sign in again');
  if (!isLive(user)) throw expired();
  if (!(await deps.isLiveChallenge(input.session, user.id, Math.floor(startedAt / 1000), 'mfa'))) throw expired();
  let answered;
  try {
    answered = await deps.identity.answerMfa(user.cognitoUsername, input.session, input.code);
  } catch (error) {
    if (error instanceof InvalidMfaCodeError) {
      await countSignInFailure(deps.throttle, attempt, deps.now());
      await deps.recordSignIn({ userId: user.id, login: input.username, ok: false, client });
    }
    throw error;
  }
  if (answered.kind !== 'tokens') throw expired();
  await deps.deleteChallenge(input.session);
  const result = await signedIn(user, answered.tokens, deps, true);
  await deps.recordSignIn({ userId: user.id, login: input.username, ok: true, client });
  return result;
}

/** `client`: the caller's network address (the sign-in it ends in is recorded with it). */
export async function completeNewPassword(input: NewPasswordChallengeRequest, client: string, deps: SessionDeps = defaults): Promise<SignInResult> {
  const user = await deps.findUserByLogin(input.username);
  const expired = () => new UnauthenticatedError('The sign-in session expired: sign in again');
  if (!isLive(user)) throw expired();
  // Only a challenge this portal issued to this user is forwarded (cognito-local checks nothing).
  if (!(await deps.isLiveChallenge(input.session, user.id, Math.floor(deps.now() / 1000), 'new-password'))) throw expired();
  // The e-mailed temporary password cannot stay the password (Cognito and cognito-local accept it).
  await assertNewPassword(deps.identity, user.cognitoUsername, input.password, 'validation.passwordSameAsTemporary');
  await waitPastSignOut(user, deps);
  const answered = await deps.identity.completeNewPassword(user.cognitoUsername, input.session, input.password);
  if (answered.kind !== 'tokens') throw expired();
  await deps.deleteChallenge(input.session);
  // A reset link asked for while the password was still the temporary one dies now (the user's own change).
  await runAs(actorOf(user), () => deps.markPasswordChanged(user));
  // Sign in again with the new password rather than keep the challenge's tokens: cognito-local
  // does not store that refresh token (refresh would fail); on AWS it is one more call.
  const outcome = await deps.identity.signIn(user.cognitoUsername, input.password);
  if (outcome.kind === 'mfa-required') return challenge(user, 'mfa', outcome.session, deps);
  if (outcome.kind !== 'tokens') throw expired();
  const result = await signedIn(user, outcome.tokens, deps);
  await deps.recordSignIn({ userId: user.id, login: input.username, ok: true, client });
  return result;
}

/** What the refresh call knows about the session: its (possibly expired, verified) access token. */
export interface PreviousSession {
  userId: string;
  issuedAt: number;
}

/**
 * New access token from the refresh token. The expired access token must come along: its `iat`
 * tells whether the session was ended (logout, password change) since; a refresh token alone
 * cannot tell, and cognito-local cannot revoke every refresh token of a user.
 */
export async function refresh(
  refreshToken: string | undefined,
  previous: PreviousSession | null,
  deps: SessionDeps = defaults,
): Promise<Tokens> {
  if (!refreshToken || !previous) throw new UnauthenticatedError();
  const user = await deps.getUser(previous.userId);
  if (!isLive(user) || endedBySignOut(user, previous.issuedAt)) throw new UnauthenticatedError();
  const tokens = await deps.identity.refresh(refreshToken, user.cognitoUsername);
  // A refresh token of another user paired with this access token: refuse.
  if (tokens.subject !== user.id || endedBySignOut(user, tokens.issuedAt)) throw new UnauthenticatedError();
  return tokens;
}

/** Ends the session: the refresh token is revoked and every token issued until now is refused. */
export async function logout(refreshToken: string | undefined, userId: string | null, deps: SessionDeps = defaults): Promise<void> {
  if (refreshToken) await deps.identity.revokeRefreshToken(refreshToken);
  if (userId) await deps.markSignedOut(userId, Math.floor(deps.now() / 1000));
}
