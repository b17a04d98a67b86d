import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { API_TOKENS_PER_COMPANY, type ApiToken, type ApiTokenCreated } from '../../../shared/domain/api-tokens';
import type { ApiTokenCreateRequest } from '../../../shared/schemas/api-tokens';
import * as repo from '../../data/api-tokens';
import type { ApiTokenRecord } from '../../data/api-tokens';
import type { WriteOutcome } from '../../data/company-items';
import { ConflictError, NotFoundError } from '../../platform/errors';

/**
 * Company API tokens (docs/auth.md, "API tokens"). The bearer string is
 * `pt1.<company id>.<token id>.<secret>`: the ids say where the token's record is (one read, in
 * the company's own partition), the secret (32 random bytes) proves it; only the secret's SHA-256
 * is kept, so a copy of the table holds no usable token.
 */

export interface ApiTokenDeps {
  listApiTokens(companyId: string): Promise<ApiTokenRecord[]>;
  countApiTokens(companyId: string): Promise<number>;
  putNewApiToken(record: ApiTokenRecord): Promise<ApiTokenRecord>;
  deleteApiToken(companyId: string, id: string, expectedVersion: number): Promise<WriteOutcome<null>>;
  newId(): string;
  newSecret(): string;
  now(): Date;
}

const defaults: ApiTokenDeps = {
  listApiTokens: repo.listApiTokens,
  countApiTokens: repo.countApiTokens,
  putNewApiToken: repo.putNewApiToken,
  deleteApiToken: repo.deleteApiToken,
  newId: randomUUID,
  newSecret: () => randomBytes(32).toString('base64url'),
  now: () => new Date(),
};

const PREFIX = 'pt1';
const BEARER = /^pt1\.([A-Za-z0-9-]{1,64})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The parts of a bearer string, or null when it cannot be one of ours. */
export function parseBearer(value: string): { companyId: string; tokenId: string; secret: string } | null {
  const match = BEARER.exec(value);
  return match ? { companyId: match[1]!, tokenId: match[2]!, secret: match[3]! } : null;
}

/** Whether `secret` is the one whose hash was stored (constant time). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const toApiToken = ({ id, name, created, expires, lastUsedAt, version }: ApiTokenRecord): ApiToken => ({ id, name, created, expires, lastUsedAt: lastUsedAt ?? null, version });

/** The company's tokens, newest first; never a secret or its hash. */
export async function listCompanyApiTokens(companyId: string, deps: ApiTokenDeps = defaults): Promise<ApiToken[]> {
  return (await deps.listApiTokens(companyId)).map(toApiToken).sort((a, b) => b.created.localeCompare(a.created) || a.id.localeCompare(b.id));
}

/** A new token of the company, living `days` days; its secret is in this answer and nowhere else. */
export async function createApiToken(companyId: string, input: ApiTokenCreateRequest, deps: ApiTokenDeps = defaults): Promise<ApiTokenCreated> {
  if ((await deps.countApiTokens(companyId)) >= API_TOKENS_PER_COMPANY) {
    throw new ConflictError('This company has as many API tokens as it may: revoke one first', { name: 'validation.apiToken.tooMany' });
  }
  const now = deps.now();
  const id = deps.newId();
  const secret = deps.newSecret();
  const record: ApiTokenRecord = {
    id,
    companyId,
    name: input.name,
    created: now.toISOString(),
    expires: new Date(now.getTime() + input.days * 86_400_000).toISOString(),
    lastUsedAt: null,
    secretHash: hashSecret(secret),
    version: 1,
  };
  await deps.putNewApiToken(record);
  return { token: toApiToken(record), secret: `${PREFIX}.${companyId}.${id}.${secret}` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_TOKEN = 'No such API token';

/** Revokes on the version read: the token is refused from the next request on. */
export async function revokeApiToken(companyId: string, id: string, version: number, deps: ApiTokenDeps = defaults): Promise<{ id: string }> {
  if (!UUID.test(id)) throw new NotFoundError(NO_TOKEN);
  const outcome = await deps.deleteApiToken(companyId, id, version);
  if (!outcome.ok) throw outcome.reason === 'missing' ? new NotFoundError(NO_TOKEN) : new ConflictError('This token was changed meanwhile: reload the page');
  return { id };
}
