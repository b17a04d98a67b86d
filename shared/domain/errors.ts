/**
 * Every `code` an error answer of the API can carry (docs/conventions.md). The server's error
 * classes only accept these, and the web shows `error.<code>` from its catalogues, so a new code
 * is added here first and a test then asks for its text in English, French and Russian.
 */
export const ERROR_CODES = [
  'validation',
  'bad-request',
  'unauthenticated',
  'invalid-credentials',
  'forbidden',
  'sign-in-step-unsupported',
  'mfa-setup-required',
  'invalid-mfa-code',
  'not-found',
  'invalid-token',
  'method-not-allowed',
  'conflict',
  'company-changed',
  'idempotency-key-reused',
  'idempotency-in-progress',
  'unsupported-media-type',
  'too-many-requests',
  'not-implemented',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
