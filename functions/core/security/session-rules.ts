/**
 * When a token's session counts as ended. Tokens carry `iat` in whole seconds and `signedOutAt`
 * is stored in whole seconds, so a token issued in the same second as a sign-out is refused:
 * refusing one second too much is safe, accepting it would let a session outlive its logout.
 */
export const endedBySignOut = (user: { signedOutAt: number | null }, issuedAt: number): boolean =>
  user.signedOutAt != null && issuedAt <= user.signedOutAt;
