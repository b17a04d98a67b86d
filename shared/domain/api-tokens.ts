/**
 * Company API tokens (docs/auth.md, "API tokens"): read-only, one company, an expiry. The secret
 * is answered once, at creation; the portal keeps only its SHA-256.
 */

/** How long a token may live, in days: the form's choices. */
export const API_TOKEN_DAYS = [30, 90, 365] as const;
export type ApiTokenDays = (typeof API_TOKEN_DAYS)[number];

/** At most this many tokens per company (revoked ones are gone; expired ones count until revoked). */
export const API_TOKENS_PER_COMPANY = 20;

export interface ApiToken {
  id: string;
  name: string;
  /** ISO times. */
  created: string;
  expires: string;
  /** The last request it answered, to within API_TOKEN_USE_RESOLUTION_MINUTES; null: never used. */
  lastUsedAt: string | null;
  version: number;
}

/** A BI tool polls; a loop does not: requests a minute per token, then 429 until the minute ends. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 300;

/** Last use is written at most once per this many minutes per token (not on every request). */
export const API_TOKEN_USE_RESOLUTION_MINUTES = 5;

/** The answer of a creation: the token and, this once, its secret (the whole `Authorization: Bearer` value). */
export interface ApiTokenCreated {
  token: ApiToken;
  secret: string;
}
