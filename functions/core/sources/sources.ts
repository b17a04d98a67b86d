import { businessModelsFor } from '../../../shared/domain/sources';
import type { Product, Source, SourcesPage } from '../../../shared/domain/types';
import { LIST_PAGE_SIZE, sourcesListQuerySchema } from '../../../shared/schemas/lists';
import { isSourceId, type SourceCreateRequest, type SourceUpdateRequest } from '../../../shared/schemas/sources';
import * as repo from '../../data/sources';
import { askRelink } from '../traffic/links';
import type { SourceFieldsRecord, SourceQuery, SourceRecord, SourceWrite } from '../../data/sources';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { validQuery } from '../../platform/query';

/**
 * The sources use cases. The company is always the caller's current one (auth context); bodies
 * were validated by the shared schemas. Beyond the schema: an affiliate company only has the
 * business models CPO and Special, and an id is a UUID no other source (of any company) has.
 */

export interface SourcesDeps {
  sourcesPage(companyId: string, query: SourceQuery, cursor: string | null, limit: number): Promise<{ sources: SourceRecord[]; next: string | null }>;
  putNewSource(record: SourceRecord): Promise<SourceWrite<SourceRecord>>;
  updateSource(companyId: string, id: string, expectedVersion: number, fields: SourceFieldsRecord, at: string): Promise<SourceWrite<SourceRecord>>;
  deleteSourceWithRules(companyId: string, id: string, expectedVersion: number): Promise<SourceWrite<{ ruleIds: string[] }>>;
  askRelink(companyId: string): Promise<void>;
  now(): Date;
}

const defaults: SourcesDeps = {
  askRelink,
  sourcesPage: repo.sourcesPage,
  putNewSource: repo.putNewSource,
  updateSource: repo.updateSource,
  deleteSourceWithRules: repo.deleteSourceWithRules,
  now: () => new Date(),
};

export interface CompanyRef {
  id: string;
  product: Product;
}

const STALE_SOURCE = 'This source was changed by someone else: reload the list and try again';
const TAKEN_SOURCE_ID = 'A source with this id exists already: create it again (a new id is made)';
const NO_SOURCE = 'No such source';

/** A name another source of the company has (any case, spaces aside): 409 on the `name` field, nothing written. */
const nameTaken = (name: string): ConflictError =>
  new ConflictError(`The company has a source named "${name}" already: choose another name`, { name: 'validation.source.nameTaken' });

const toSource = ({ id, name, channel, businessModel, deduplication, utmSource, utmMedium, utmCampaign, agency, version }: SourceRecord): Source => ({
  id,
  name,
  channel,
  businessModel,
  deduplication,
  utmSource: utmSource ?? '',
  utmMedium: utmMedium ?? '',
  utmCampaign: utmCampaign ?? '',
  agency: agency ?? '',
  version,
});

function unwrap<T>(outcome: SourceWrite<T>, name?: string): T {
  if (outcome.ok) return outcome.value;
  if (outcome.reason === 'nameTaken') throw nameTaken(name ?? '');
  if (outcome.reason === 'missing') throw new NotFoundError(NO_SOURCE);
  throw new ConflictError(outcome.reason === 'taken' ? TAKEN_SOURCE_ID : STALE_SOURCE);
}

/** Path ids that are no UUID name no source (and never reach DynamoDB as an odd key). */
function requireId(id: string): string {
  if (!isSourceId(id)) throw new NotFoundError(NO_SOURCE);
  return id.toLowerCase();
}

/** Spec: an affiliate company chooses CPO or Special only (the form offers no other): anything else is a 400. */
function checkBusinessModel(company: CompanyRef, businessModel: Source['businessModel']): void {
  if (!businessModelsFor(company.product).includes(businessModel)) {
    throw new ValidationError({ businessModel: 'validation.source.businessModelAffiliate' }, 'Affiliate companies choose the business model CPO or Special');
  }
}

const fieldsOf = (input: SourceCreateRequest | SourceUpdateRequest): SourceFieldsRecord => ({
  name: input.name,
  channel: input.channel,
  businessModel: input.businessModel,
  deduplication: input.deduplication,
  utmSource: input.utmSource ?? '',
  utmMedium: input.utmMedium ?? '',
  utmCampaign: input.utmCampaign ?? '',
  agency: input.agency ?? '',
});

/**
 * GET /api/sources: one page of the company's sources, by name unless another column is asked
 * (spec: sorted by name; equal values by id), searched over their texts; 400 on a bad query.
 * `businessModel`: GET /api/sources/cpo, the cost-per-order ones (the commission form's choices).
 */
export async function listCompanySources(companyId: string, query: Record<string, string> = {}, businessModel?: 'CPO', deps: SourcesDeps = defaults): Promise<SourcesPage> {
  const params = validQuery(sourcesListQuerySchema, query);
  const page = await deps.sourcesPage(
    companyId,
    { sort: params.sort ?? 'name', dir: params.dir === 'desc' ? 'desc' : 'asc', search: params.q, ...(businessModel ? { businessModel } : {}) },
    params.cursor || null,
    params.limit ?? LIST_PAGE_SIZE,
  );
  return { sources: page.sources.map(toSource), next: page.next };
}

/*
 * One source per name in a company (shared/domain/sources.ts `sourceNameKey`): the data layer's name
 * guard, claimed in the write's transaction, decides and answers 'nameTaken'. No read of the
 * company's sources (2,000 for a big advertiser): sources stored before the guards get theirs from
 * `npm run reindex-lists`.
 */
export async function createSource(company: CompanyRef, input: SourceCreateRequest, deps: SourcesDeps = defaults): Promise<Source> {
  checkBusinessModel(company, input.businessModel);
  const id = input.id.toLowerCase();
  const at = deps.now().toISOString();
  const record: SourceRecord = { id, companyId: company.id, ...fieldsOf(input), version: 1, created: at, updated: at };
  return toSource(unwrap(await deps.putNewSource(record), input.name));
}

export async function updateSource(company: CompanyRef, id: string, input: SourceUpdateRequest, deps: SourcesDeps = defaults): Promise<Source> {
  const sourceId = requireId(id);
  checkBusinessModel(company, input.businessModel);
  return toSource(unwrap(await deps.updateSource(company.id, sourceId, input.version, fieldsOf(input), deps.now().toISOString()), input.name));
}

/** Deletes the source and its UTM rules (spec: 'deleting a source also permanently removes its UTM rules'). */
export async function deleteSource(companyId: string, id: string, version: number, deps: SourcesDeps = defaults): Promise<{ id: string; rulesDeleted: number }> {
  const sourceId = requireId(id);
  const { ruleIds } = unwrap(await deps.deleteSourceWithRules(companyId, sourceId, version));
  // The traffic its rules linked is linked again by the rules left, or unlinked: by the relink job.
  if (ruleIds.length) await deps.askRelink(companyId);
  return { id: sourceId, rulesDeleted: ruleIds.length };
}
