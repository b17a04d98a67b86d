/**
 * How far a token's `iat` may lie ahead of this server's clock (seconds): the issuer's clock and
 * ours may differ a little (both NTP-synced on AWS). A token issued further ahead is refused, so
 * no accepted token can claim to be born after a sign-out it predates by more than this.
 */
export const TOKEN_CLOCK_SKEW_SECONDS = 5;

/** A token whose `iat` is too far ahead of `nowSeconds` (never accepted). */
export const issuedInFuture = (issuedAt: number, nowSeconds: number): boolean => issuedAt > nowSeconds + TOKEN_CLOCK_SKEW_SECONDS;

/**
 * When a token's session counts as ended: its `iat` is at or before the sign-out plus the skew
 * allowed. A token issued before the sign-out carries an `iat` no later than that (else it was
 * refused as issued in the future), whatever clock its issuer had. Whole seconds on both sides:
 * refusing a few seconds too much is safe, accepting one would let a session outlive its logout.
 */
export const endedBySignOut = (user: { signedOutAt: number | null }, issuedAt: number): boolean =>
  user.signedOutAt != null && issuedAt <= user.signedOutAt + TOKEN_CLOCK_SKEW_SECONDS;
