import { describe, expect, it } from 'vitest';
import { endedBySignOut, issuedInFuture, TOKEN_CLOCK_SKEW_SECONDS } from './session-rules';

/** The two clock rules of a token's `iat` at their edges (whole seconds). */
describe('session rules', () => {
  const signedOutAt = 1_800_000_000;

  it('ends a token issued up to the skew after the sign-out, not one a second later', () => {
    expect(endedBySignOut({ signedOutAt }, signedOutAt - 3600)).toBe(true);
    expect(endedBySignOut({ signedOutAt }, signedOutAt + TOKEN_CLOCK_SKEW_SECONDS)).toBe(true);
    expect(endedBySignOut({ signedOutAt }, signedOutAt + TOKEN_CLOCK_SKEW_SECONDS + 1)).toBe(false);
  });

  it('ends nothing for a user who never signed out', () => {
    expect(endedBySignOut({ signedOutAt: null }, 0)).toBe(false);
  });

  it('refuses a token issued more than the skew ahead of the clock, not one at the skew', () => {
    expect(issuedInFuture(signedOutAt + TOKEN_CLOCK_SKEW_SECONDS, signedOutAt)).toBe(false);
    expect(issuedInFuture(signedOutAt + TOKEN_CLOCK_SKEW_SECONDS + 1, signedOutAt)).toBe(true);
    expect(issuedInFuture(signedOutAt - 1, signedOutAt)).toBe(false);
  });
});
