import { API_TOKEN_REQUESTS_PER_MINUTE, API_TOKEN_USE_RESOLUTION_MINUTES } from '../../../shared/domain/api-tokens';
import { getApiToken, recordApiTokenUse, type ApiTokenRecord } from '../../data/api-tokens';
import { getCompany, type CompanyRecord } from '../../data/companies';
import { TooManyRequestsError, UnauthenticatedError } from '../../platform/errors';
import { parseBearer, secretMatches } from '../api-tokens/api-tokens';
import { capRetryAfterSeconds, tableThrottleStore, withinCap, type CapPolicy, type ThrottleStore } from './throttle';

/**
 * Who a company API token is (docs/auth.md, "API tokens"): the company it was made for, while it
 * is live (its record exists, the secret matches, not expired, the company not deleted). Every
 * request counts against the token's rate; its last use is written at most every few minutes.
 */

export const API_TOKEN_RATE: CapPolicy = { scope: 'api-token', windowSeconds: 60, max: API_TOKEN_REQUESTS_PER_MINUTE };

export interface ApiTokenCaller {
  company: CompanyRecord;
  token: Pick<ApiTokenRecord, 'id' | 'name'>;
}

export interface ApiTokenAuthDeps {
  getApiToken(companyId: string, id: string): Promise<ApiTokenRecord | null>;
  getCompany(companyId: string): Promise<CompanyRecord | null>;
  recordApiTokenUse(companyId: string, id: string, at: string, unlessSince: string): Promise<boolean>;
  throttles: ThrottleStore;
}

const defaults: ApiTokenAuthDeps = { getApiToken, getCompany, recordApiTokenUse, throttles: tableThrottleStore };

export async function authenticateApiToken(bearer: string, nowMs: number, deps: ApiTokenAuthDeps = defaults): Promise<ApiTokenCaller> {
  const parts = parseBearer(bearer);
  // One answer for every way a token is not live: a caller learns nothing about which part was wrong.
  const refused = new UnauthenticatedError('The API token is not valid (revoked, expired or mistyped)');
  if (!parts) throw refused;
  const record = await deps.getApiToken(parts.companyId, parts.tokenId);
  if (!record || !secretMatches(parts.secret, record.secretHash) || Date.parse(record.expires) <= nowMs) throw refused;
  const company = await deps.getCompany(record.companyId);
  if (!company) throw refused;
  if (!(await withinCap(deps.throttles, API_TOKEN_RATE, record.id, nowMs))) throw new TooManyRequestsError(capRetryAfterSeconds(API_TOKEN_RATE, nowMs));
  const since = new Date(nowMs - API_TOKEN_USE_RESOLUTION_MINUTES * 60_000).toISOString();
  // Skip the write when the record already says "used recently" (most requests): no conditional write to fail.
  if (!record.lastUsedAt || record.lastUsedAt < since) await deps.recordApiTokenUse(record.companyId, record.id, new Date(nowMs).toISOString(), since);
  return { company, token: { id: record.id, name: record.name } };
}
