import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { importJWK, SignJWT } from 'jose';
import { env } from '../../../functions/platform/env';

/**
 * An access token signed with cognito-local's own key (it ships in the package), with the claims
 * the portal checks and an `iat` of the test's choosing: what a token dated ahead looks like.
 */
export async function mintAccessToken(userId: string, issuedAt: number): Promise<string> {
  const file = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: Record<string, string> };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({ sub: userId, token_use: 'access', client_id: env.userPoolClientId, auth_time: issuedAt })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(env.tokenIssuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .setJti(crypto.randomUUID())
    .sign(key);
}
