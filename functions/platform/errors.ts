/**
 * Typed errors that map one-to-one to the HTTP contract of docs/conventions.md.
 * Core code throws them (they carry no Lambda or middy types); pipeline/http.ts turns them
 * into answers. Anything else becomes a 500 with no detail.
 */
import type { ErrorCode } from '../../shared/domain/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): { message: string; code: ErrorCode; errors?: Record<string, string> } {
    return this.errors ? { message: this.message, code: this.code, errors: this.errors } : { message: this.message, code: this.code };
  }
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string>, message = 'The request is not valid') {
    super(400, 'validation', message, errors);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = 'bad-request') {
    super(400, code, message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Sign-in required') {
    super(401, 'unauthenticated', message);
  }
}

/** The one sign-in failure: same answer for an unknown login and a wrong password. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid-credentials', 'Invalid login or password!');
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Not allowed') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code: ErrorCode = 'not-found') {
    super(404, code, message);
  }
}

export class InvalidTokenError extends NotFoundError {
  constructor() {
    super('This password reset link is invalid or has expired', 'invalid-token');
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'unsupported-media-type', 'Request bodies must be JSON (Content-Type: application/json)');
  }
}

export class WrongMethodError extends AppError {
  constructor(method: string, expected: string) {
    super(405, 'method-not-allowed', `${method} is not allowed here: use ${expected}`);
  }
}

/** The account needs a sign-in step the portal does not offer yet (an authenticator code). */
export class SignInStepUnsupportedError extends AppError {
  constructor(challenge: string) {
    super(403, 'sign-in-step-unsupported', `This account needs a sign-in step the portal does not offer yet (${challenge})`);
  }
}

/** An administrator must set up an authenticator app before anything else (ADMIN_MFA=required). */
export class MfaSetupRequiredError extends AppError {
  constructor() {
    super(403, 'mfa-setup-required', 'Set up an authenticator app to continue');
  }
}

/** A wrong or expired authenticator code. */
export class InvalidMfaCodeError extends AppError {
  constructor() {
    super(400, 'invalid-mfa-code', 'This code is not valid: enter the current code of your authenticator app', { code: 'validation.mfaCodeWrong' });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too-many-requests', 'Too many attempts: wait a moment and try again');
  }
}

export class ConflictError extends AppError {
  /** `errors`: the field the conflict is about (a taken name...), as i18n keys, for the form to show under it. */
  constructor(message = 'Someone else changed this item; reload and try again', errors?: Record<string, string>) {
    super(409, 'conflict', message, errors);
  }
}

/**
 * The page that sent the call shows another company than the caller's current one (changed in
 * another tab, or deleted): nothing is done. The message is the catalogue id the web app shows.
 */
export class CompanyChangedError extends AppError {
  constructor() {
    super(409, 'company-changed', 'error.company-changed');
  }
}

/** The Idempotency-Key was sent before with another request (another body, route or item): nothing is done. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'idempotency-key-reused', 'This Idempotency-Key was used for another request');
  }
}

/** The first try of this request is still running: the retry waits for its answer. */
export class IdempotencyInProgressError extends AppError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(409, 'idempotency-in-progress', 'This request is still being handled: try again in a moment');
  }
}

/** 503: a dependency (DynamoDB, Cognito, SES, S3) is down or too slow; the answer says when to try again. */
export class ServiceUnavailableError extends AppError {
  constructor(readonly retryAfterSeconds = 5) {
    super(503, 'unavailable', 'The service is briefly unavailable: try again in a few seconds');
  }
}

/** Node's network failures of a call that never got an answer. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** The AWS services' own words for "not now" (throttled, overloaded, failed on their side). */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

/**
 * True when `error` says a dependency could not answer now (down, hung past its time budget,
 * throttling, failing on its side), as opposed to a bug or a refusal of this request: the caller
 * gets 503 with Retry-After rather than 500 (docs/reliability.md, "When a dependency is down").
 */
export function dependencyDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: string; cause?: unknown; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if (UNAVAILABLE_NAMES.has(e.name)) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  // AggregateError (both loopback addresses refused) and wrapped causes.
  if (error instanceof AggregateError && error.errors.some(dependencyDown)) return true;
  return e.cause !== undefined && e.cause !== error && dependencyDown(e.cause);
}
