import { randomUUID } from 'node:crypto';
import type { Collector, CollectorsPage } from '../../../shared/domain/types';
import type { CollectorCreateRequest, CollectorUpdateRequest } from '../../../shared/schemas/collectors';
import { collectorsListQuerySchema, LIST_PAGE_SIZE } from '../../../shared/schemas/lists';
import * as repo from '../../data/collectors';
import type { CollectorFields, CollectorQuery, CollectorRecord, CollectorWrite } from '../../data/collectors';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { validQuery } from '../../platform/query';

/**
 * The collector page's use cases. The company is always the caller's current one (auth
 * context), the bodies were validated by the shared schemas. Ids are UUIDs made here (a copy is
 * a create, so it gets a new one too); edits and deletes are conditional on the version read.
 */

export interface CollectorDeps {
  collectorsPage(companyId: string, query: CollectorQuery, cursor: string | null, limit: number): Promise<{ collectors: CollectorRecord[]; next: string | null }>;
  collectorCounts(companyId: string): Promise<{ total: number; pending: number }>;
  putNewCollector(record: CollectorRecord): Promise<CollectorRecord>;
  replaceCollector(companyId: string, id: string, expectedVersion: number, fields: CollectorFields, at: string): Promise<CollectorWrite<CollectorRecord>>;
  deleteCollector(companyId: string, id: string, expectedVersion: number): Promise<CollectorWrite<null>>;
  newId(): string;
  now(): Date;
}

const defaults: CollectorDeps = {
  collectorsPage: repo.collectorsPage,
  collectorCounts: repo.collectorCounts,
  putNewCollector: repo.putNewCollector,
  replaceCollector: repo.replaceCollector,
  deleteCollector: repo.deleteCollector,
  newId: randomUUID,
  now: () => new Date(),
};

const STALE_COLLECTOR = 'This collector was changed by someone else: reload the page and try again';
const NO_COLLECTOR = 'No such collector';

/** The API shape: no partition or audit fields. */
const toCollector = ({ id, source, accessEmail, comment, commentStatus, configStatus, collectStatus, version }: CollectorRecord): Collector => ({
  id,
  source,
  accessEmail,
  comment,
  commentStatus,
  configStatus,
  collectStatus,
  version,
});

// Ids are lower-case UUIDs made here; anything else (or a key DynamoDB would refuse) names no collector.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function requireId(id: string): void {
  if (!UUID.test(id)) throw new NotFoundError(NO_COLLECTOR);
}

function unwrap<T>(outcome: CollectorWrite<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.reason === 'missing' ? new NotFoundError(NO_COLLECTOR) : new ConflictError(STALE_COLLECTOR);
}

const fieldsOf = (input: CollectorCreateRequest | CollectorUpdateRequest): CollectorFields => ({
  source: input.source,
  accessEmail: input.accessEmail,
  comment: input.comment ?? '',
  commentStatus: input.commentStatus ?? '',
  configStatus: input.configStatus ?? 'No',
  collectStatus: input.collectStatus ?? 'No',
});

/**
 * GET /api/collectors: one page of the company's collectors (spec: by source unless another column
 * is asked; ties by id), searched over source, access e-mail and notes, with the whole list's counts.
 */
export async function listCompanyCollectors(companyId: string, query: Record<string, string> = {}, deps: CollectorDeps = defaults): Promise<CollectorsPage> {
  const params = validQuery(collectorsListQuerySchema, query);
  const order: CollectorQuery = { sort: params.sort ?? 'source', dir: params.dir === 'desc' ? 'desc' : 'asc', search: params.q };
  const [page, counts] = await Promise.all([deps.collectorsPage(companyId, order, params.cursor || null, params.limit ?? LIST_PAGE_SIZE), deps.collectorCounts(companyId)]);
  return { collectors: page.collectors.map(toCollector), next: page.next, counts };
}

/** A new collector of the company; statuses default to No (spec). */
export async function createCollector(companyId: string, input: CollectorCreateRequest, deps: CollectorDeps = defaults): Promise<Collector> {
  const at = deps.now().toISOString();
  const record: CollectorRecord = { id: deps.newId(), companyId, ...fieldsOf(input), version: 1, created: at, updated: at };
  return toCollector(await deps.putNewCollector(record));
}

/** Replaces the row (inline edit or a status change) on the version read: stale 409, gone 404. */
export async function updateCollector(companyId: string, id: string, input: CollectorUpdateRequest, deps: CollectorDeps = defaults): Promise<Collector> {
  requireId(id);
  return toCollector(unwrap(await deps.replaceCollector(companyId, id, input.version, fieldsOf(input), deps.now().toISOString())));
}

export async function deleteCompanyCollector(companyId: string, id: string, version: number, deps: CollectorDeps = defaults): Promise<{ id: string }> {
  requireId(id);
  unwrap(await deps.deleteCollector(companyId, id, version));
  return { id };
}
