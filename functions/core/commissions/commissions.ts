import { randomUUID } from 'node:crypto';
import type { AffiliateCommission, CommissionsPage } from '../../../shared/domain/types';
import type { CommissionCreateRequest } from '../../../shared/schemas/commissions';
import { commissionsListQuerySchema, LIST_PAGE_SIZE } from '../../../shared/schemas/lists';
import * as repo from '../../data/commissions';
import type { CommissionCreated, CommissionQuery, CommissionRecord } from '../../data/commissions';
import { sourceNamed, type SourceRecord } from '../../data/sources';
import { sourceRefsOf, type SourceRef } from '../../data/traffic-rules';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { validQuery } from '../../platform/query';

/**
 * The affiliate commissions use cases: company-scoped (auth context), on the company's CPO
 * sources only (spec: the choices come from the cost-per-order sources list).
 */

export interface CommissionsDeps {
  commissionsPage(companyId: string, query: CommissionQuery, cursor: string | null, limit: number): Promise<{ commissions: CommissionRecord[]; next: string | null }>;
  sourceRefsOf(companyId: string, ids: readonly string[]): Promise<SourceRef[]>;
  /** The source holding this name in the company (its name guard, then the source: two keyed reads). */
  sourceNamed(companyId: string, name: string): Promise<SourceRecord | null>;
  putNewCommission(record: CommissionRecord): Promise<CommissionCreated>;
  deleteCommission(companyId: string, id: string, expectedVersion: number): Promise<'ok' | 'missing' | 'stale'>;
  newId(): string;
  now(): Date;
}

const defaults: CommissionsDeps = {
  commissionsPage: repo.commissionsPage,
  sourceRefsOf,
  sourceNamed,
  putNewCommission: repo.putNewCommission,
  deleteCommission: repo.deleteCommission,
  newId: randomUUID,
  now: () => new Date(),
};

const toCommission = ({ id, sourceName, sourceId, type, commission, version }: CommissionRecord): AffiliateCommission => ({
  id,
  sourceName,
  sourceId,
  type,
  commission,
  version,
});

/**
 * GET /api/affiliate-commissions: one page of the company's commissions, by source name unless
 * asked (equal values by id), searched over source name and type; 400 on a bad query. Each shows
 * its source's current name (a rename renames its commissions; the page's sources are read too,
 * one BatchGet, for those a rename has not reached yet).
 */
export async function listCompanyCommissions(companyId: string, query: Record<string, string> = {}, deps: CommissionsDeps = defaults): Promise<CommissionsPage> {
  const params = validQuery(commissionsListQuerySchema, query);
  const page = await deps.commissionsPage(companyId, { sort: params.sort ?? 'sourceName', dir: params.dir === 'desc' ? 'desc' : 'asc', search: params.q }, params.cursor || null, params.limit ?? LIST_PAGE_SIZE);
  const names = new Map((await deps.sourceRefsOf(companyId, page.commissions.map((record) => record.sourceId))).map((source) => [source.id, source.name]));
  return { commissions: page.commissions.map((record) => toCommission({ ...record, sourceName: names.get(record.sourceId) ?? record.sourceName })), next: page.next };
}

/** THE answer to a commission of the other type: 409 on the type field, nothing written. */
const otherTypeTaken = (sourceName: string, other: AffiliateCommission['type']): ConflictError =>
  new ConflictError(`"${sourceName}" has ${other} commissions already: a source has either fixed or percent commissions, not both`, {
    type: 'validation.commission.otherType',
  });

/**
 * A commission on a CPO source of the company, named as the spec's payload says (sourceName). Reads
 * the one source by its name guard, not the company's sources; a source whose commissions are of
 * the other type is refused by the data layer's type guard, in the write's transaction (records
 * stored before the guards get theirs from `npm run reindex-lists`).
 */
export async function createCommission(companyId: string, input: CommissionCreateRequest, deps: CommissionsDeps = defaults): Promise<AffiliateCommission> {
  const named = await deps.sourceNamed(companyId, input.sourceName);
  // The guard compares names as the uniqueness rule does (any case, spaces aside); the form sends the exact name.
  const source = named?.name === input.sourceName ? named : null;
  if (source?.businessModel !== 'CPO') {
    throw new ValidationError(
      { sourceName: source ? 'validation.commission.notCpo' : 'validation.commission.unknownSource' },
      source ? 'Commissions are set on CPO sources only' : 'The company has no source with this name',
    );
  }
  const record: CommissionRecord = {
    id: deps.newId(),
    companyId,
    sourceName: source.name,
    sourceId: source.id,
    type: input.type,
    commission: input.commission,
    version: 1,
    created: deps.now().toISOString(),
  };
  const created = await deps.putNewCommission(record);
  if (!created.ok) throw otherTypeTaken(source.name, created.otherType);
  return toCommission(created.value);
}

const PLAUSIBLE_ID = /^[A-Za-z0-9-]{1,64}$/;

export async function deleteCompanyCommission(companyId: string, id: string, version: number, deps: CommissionsDeps = defaults): Promise<{ id: string }> {
  if (!PLAUSIBLE_ID.test(id)) throw new NotFoundError('No such commission');
  const outcome = await deps.deleteCommission(companyId, id, version);
  if (outcome === 'missing') throw new NotFoundError('No such commission');
  if (outcome === 'stale') throw new ConflictError('This commission was changed by someone else: reload the list and try again');
  return { id };
}
