import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultStepsFor, orderSteps } from '../../shared/domain/steps';
import type { Company, Product, StepType } from '../../shared/domain/types';
import { ConflictError, NotFoundError } from '../platform/errors';
import { guardHolder, moveGuard, type Guard } from './guards';
import { defaultCompanyIndex, gsi1, keys } from './keys';
import { newStepItem } from './steps';
import { listPage, rowItems, rowKeys, rowWrites, type ListQuery, type Listing } from './list-rows';
import { reindexCompanySteps, reindexStep, reportRowsOf } from './report-rows';
import { redactUrl } from '../platform/feed-fetch/redact';
import { auditedWrite, auditItem } from './audit';
import { batchDeleteKeys, batchGetItems, batchPutItems, cancellationCodes, db, isConditionFailure, nowIso, putWithGuard, queryAllByIndex, stripKeys, tableName, transactWrite, type TransactItem } from './table';

export interface CompanyRecord extends Company {
  /** The platform team's own company: the default one, never deletable. */
  isDefault: boolean;
  created: string;
  /** Set when its deletion started: it left the lists at once; a retried delete finishes the job. */
  deletingAt?: string | null;
  /**
   * The SFTP host key fingerprint ("SHA256:...") pinned for orderFeedUrl (trust on first use): the
   * daily re-check refuses another key. Storage only, never answered. Absent on older records.
   */
  orderFeedHostKey?: string | null;
}

/** A company whose deletion started is gone for every reader (auth, lists, switcher). */
const live = (company: CompanyRecord | null): CompanyRecord | null => (company && !company.deletingAt ? company : null);

/**
 * THE View ID rule (docs/analytics.md, "Whose View ID"): one service account reads every
 * customer's property, so a View ID belongs to ONE company. Every write that stores a company's
 * View ID (create, admin edit, legacy update, first successful access check) claims its
 * `VIEWID#` guard item in the same transaction as the company, so of two companies storing one
 * id at once exactly one wins; a View ID another company holds fails with this error (the use
 * cases answer it as a 400 on the View ID field: core/analytics/view-owner.ts).
 */
export class ViewIdTakenError extends ConflictError {
  constructor() {
    super('This View ID is stored for another company');
  }
}

/** The guard item of a View ID, only while `companyId` holds it (a repeated claim by the holder passes). */
const heldBy = (viewId: string, companyId: string) => ({
  TableName: tableName(),
  Key: keys.viewIdGuard(viewId),
  ConditionExpression: 'attribute_not_exists(pk) OR companyId = :holder',
  ExpressionAttributeValues: { ':holder': companyId },
});

/**
 * The transaction items that move a company's View ID from `before` to `after`: release the old
 * guard, claim the new one. `claim`: index of the claim among `items` (-1: nothing claimed).
 * Records stored before the guards existed get theirs from `npm run reindex-lists`
 * (`claimViewIdGuard`); the read just before only answers early, the guard decides.
 */
async function viewIdMove(companyId: string, before: string | null | undefined, after: string | null | undefined): Promise<{ items: TransactItem[]; claim: number }> {
  if ((before ?? null) === (after ?? null)) return { items: [], claim: -1 };
  const items: TransactItem[] = [];
  if (before) {
    const { Key, ...condition } = heldBy(before, companyId);
    items.push({ Delete: { Key, ...condition } });
  }
  if (!after) return { items, claim: -1 };
  if ((await companiesWithViewId(after)).some((id) => id !== companyId)) throw new ViewIdTakenError();
  const { Key, ...condition } = heldBy(after, companyId);
  items.push({ Put: { Item: { ...Key, companyId }, ...condition } });
  return { items, claim: items.length - 1 };
}

/** A cancelled transaction whose View ID claim (`claim` of viewIdMove, its items from `offset`) failed: another company holds it. */
const lostViewIdClaim = (error: unknown, offset: number, claim: number): boolean =>
  // Stryker disable next-line ConditionalExpression: with no claim (-1) the index read is offset - 1, an item each caller has ruled out before (its record's condition or a name guard's)
  claim >= 0 &&
  cancellationCodes(error)[offset + claim] === 'ConditionalCheckFailed';

/**
 * A company's admin-list rows (functions/data/list-rows.ts): one per sortable column, sorted by the
 * stored value (product and country by their codes); searched over name, product, View ID,
 * dimension, order feed URL (as answered: without its credentials) and country.
 */
function companyListing(company: Pick<CompanyRecord, 'id' | 'name' | 'product' | 'country' | 'viewId' | 'dimensionIndex' | 'orderFeedUrl'>): Listing {
  const feedUrl = company.orderFeedUrl ? redactUrl(company.orderFeedUrl) : '';
  return {
    id: company.id,
    sort: {
      // Records stored before a field existed may lack it.
      name: company.name ?? '',
      product: company.product ?? '',
      country: company.country ?? '',
      viewId: company.viewId ?? '',
      dimensionIndex: company.dimensionIndex ?? '',
      orderFeedUrl: feedUrl,
    },
    words: [company.name, company.product, company.viewId, company.dimensionIndex, feedUrl, company.country],
  };
}

/** The transaction items that move a company's list rows from what `before` held to what `after` holds (null: deleted). */
const companyRowWrites = (before: CompanyRecord | null, after: CompanyRecord | null): TransactItem[] =>
  rowWrites('companies', before ? rowKeys('companies', companyListing(before)) : [], after && companyListing(after)).items;

export interface NewCompany {
  id?: string;
  name: string;
  product: Product;
  country: string;
  viewId?: string | null;
  dimensionIndex?: string | null;
  orderFeedUrl?: string | null;
  orderFeedHostKey?: string | null;
  /** Defaults to the product's default steps. */
  integrationSteps?: StepType[];
  isDefault?: boolean;
}

/** The stored item of a company: the companies' GSI1 entry, and the default company's GSI2 entry (`defaultCompanyIndex`). */
const companyItem = (company: CompanyRecord) => ({
  ...keys.company(company.id),
  gsi1pk: gsi1.companies.pk,
  gsi1sk: gsi1.companies.sk(company.name),
  ...(company.isDefault ? { gsi2pk: defaultCompanyIndex.pk, gsi2sk: defaultCompanyIndex.sk(company.created, company.id) } : {}),
  ...company,
});

/** A new company's record and the items its creation writes with it: name and View ID guards, steps, list rows. */
function newCompany(input: NewCompany) {
  const company: CompanyRecord = {
    id: input.id ?? randomUUID(),
    name: input.name.trim(),
    product: input.product,
    country: input.country,
    viewId: input.viewId ?? null,
    dimensionIndex: input.dimensionIndex ?? null,
    orderFeedUrl: input.orderFeedUrl ?? null,
    orderFeedHostKey: input.orderFeedHostKey ?? null,
    integrationSteps: orderSteps(input.integrationSteps ?? defaultStepsFor(input.product)),
    isDefault: input.isDefault ?? false,
    created: nowIso(),
    version: 1,
  };
  return {
    company,
    item: companyItem(company),
    guard: { ...keys.companyNameGuard(company.name), companyId: company.id },
    viewIdGuard: company.viewId ? { ...keys.viewIdGuard(company.viewId), companyId: company.id } : null,
    alongside: [...company.integrationSteps.map((stepType) => newStepItem(company.id, stepType)), ...rowItems('companies', companyListing(company))],
  };
}

/**
 * Creates the company, reserves its name (and View ID) and writes its steps in ONE transaction, so
 * a company never exists without its steps and two companies never share a name or a View ID.
 */
export async function createCompany(input: NewCompany): Promise<CompanyRecord> {
  const { company, item, guard, viewIdGuard, alongside } = newCompany(input);
  if (company.viewId && (await companiesWithViewId(company.viewId)).length) throw new ViewIdTakenError();
  await putWithGuard({
    item,
    guard,
    otherGuards: viewIdGuard ? [{ item: viewIdGuard, taken: () => new ViewIdTakenError() }] : [],
    alongside,
    audit: auditItem({ kind: 'company', action: 'create', recordId: company.id, companyId: company.id, after: company, version: company.version }),
    messages: { taken: 'This company already exists, please use another name', exists: 'This company id is already used' },
  });
  // The report's rows of its steps (functions/data/report-rows.ts: a step holds the keys of its rows).
  await reindexCompanySteps(company.id);
  return company;
}

/**
 * Loads many new companies at once (`npm run bench:scale`): the same items as createCompany, in
 * unconditional batch writes and without audit records. The caller vouches that no name or View
 * ID is taken: nothing checks it.
 */
export async function loadCompanies(inputs: readonly NewCompany[]): Promise<CompanyRecord[]> {
  const made = inputs.map(newCompany);
  await batchPutItems(made.flatMap(({ item, guard, viewIdGuard, alongside }) => [item, guard, ...(viewIdGuard ? [viewIdGuard] : []), ...alongside]));
  return made.map(({ company }) => company);
}

export async function getCompany(companyId: string): Promise<CompanyRecord | null> {
  return live(await getCompanyRecord(companyId));
}

/** The stored record, also while its deletion runs (the delete use case resumes from it). */
export async function getCompanyRecord(companyId: string, consistent = false): Promise<CompanyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId), ConsistentRead: consistent }));
  return Item ? stripKeys<CompanyRecord>(Item) : null;
}

/** Several companies by id (missing ones are skipped), in the order of `ids`. */
export async function getCompanies(ids: readonly string[]): Promise<CompanyRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, CompanyRecord>();
  for (const item of await batchGetItems(unique.map((id) => keys.company(id)))) {
    const company = live(stripKeys<CompanyRecord>(item));
    if (company) found.set(company.id, company);
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/**
 * Writes a company's list rows from its record (records stored before the rows existed:
 * `npm run reindex-lists`). Conditional on the version read, so an edit meanwhile wins (it moved
 * the rows itself); true when written, false for a company gone, being deleted or edited meanwhile.
 */
export async function reindexCompany(companyId: string): Promise<boolean> {
  const company = live(await getCompanyRecord(companyId, true));
  if (!company) return false;
  const onVersion = {
    TableName: tableName(),
    Key: keys.company(companyId),
    ConditionExpression: '#version = :version AND attribute_not_exists(deletingAt)',
    ExpressionAttributeNames: { '#version': 'version' },
  };
  try {
    await transactWrite([
      ...companyRowWrites(null, company),
      // A default company stored before its GSI2 entry gets it (`findDefaultCompany` reads only that).
      company.isDefault
        ? {
            Update: {
              ...onVersion,
              UpdateExpression: 'SET gsi2pk = :gpk, gsi2sk = :gsk',
              ExpressionAttributeValues: { ':version': company.version, ':gpk': defaultCompanyIndex.pk, ':gsk': defaultCompanyIndex.sk(company.created, company.id) },
            },
          }
        : { ConditionCheck: { ...onVersion, ExpressionAttributeValues: { ':version': company.version } } },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Claims the View ID guard of a company stored before the guards existed (`npm run reindex-lists`),
 * so `companiesWithViewId` finds it by key: `held` once the company holds it (or already did),
 * `clash` when another company holds that View ID (two legacy records sharing one: the guard stays
 * with its holder, the command names the clash for an administrator to settle), `none` without one.
 */
export async function claimViewIdGuard(companyId: string): Promise<'held' | 'clash' | 'none'> {
  const company = live(await getCompanyRecord(companyId, true));
  if (!company?.viewId) return 'none';
  const { Key, ...condition } = heldBy(company.viewId, company.id);
  try {
    await db().send(new PutCommand({ ...condition, Item: { ...Key, companyId: company.id } }));
    return 'held';
  } catch (error) {
    if (isConditionFailure(error)) return 'clash';
    throw error;
  }
}

/** One page of the companies admin list (functions/data/list-rows.ts `listPage`): the companies and the next page's cursor. */
export async function listCompaniesPage(query: ListQuery, cursor: string | null, limit: number): Promise<{ companies: CompanyRecord[]; next: string | null }> {
  const { ids, next } = await listPage('companies', query, cursor, limit);
  return { companies: await getCompanies(ids), next };
}

/** Every company, by name (GSI Query, never a Scan), with only the fields the API answers: jobs only (docs/architecture.md, "Reads over a platform-wide partition"), requests read by key. */
export async function listCompanies(): Promise<CompanyRecord[]> {
  return queryAllByIndex<CompanyRecord>(gsi1.indexName, gsi1.companies.pk, {
    projection: 'id, #name, product, country, viewId, dimensionIndex, orderFeedUrl, matchThreshold, volumeDropThreshold, integrationSteps, version, isDefault, created',
    names: { '#name': 'name' },
  });
}

/**
 * Ids of the companies that hold this View ID: its guard's holder (a consistent read of one item;
 * none or one). Records stored before the guards get theirs from `reindexCompany`
 * (`npm run reindex-lists`), so no request reads the companies to find them.
 */
export async function companiesWithViewId(viewId: string): Promise<string[]> {
  const { Item: guard } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.viewIdGuard(viewId), ConsistentRead: true }));
  return typeof guard?.companyId === 'string' ? [guard.companyId] : [];
}

/**
 * The companies of these names, case-insensitively (their name guards, then the records: two
 * BatchGets, whatever the platform's size); unknown names are skipped.
 */
export async function findCompaniesByNames(names: readonly string[]): Promise<CompanyRecord[]> {
  const guards = new Map(names.map((name) => keys.companyNameGuard(name)).map((key) => [key.pk, key]));
  const found = await batchGetItems([...guards.values()]);
  return getCompanies(found.flatMap((guard) => (typeof guard.companyId === 'string' ? [guard.companyId] : [])));
}

export async function findCompanyByName(name: string): Promise<CompanyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.companyNameGuard(name) }));
  return typeof Item?.companyId === 'string' ? getCompany(Item.companyId) : null;
}

export type CompanyChanges = Partial<
  Pick<CompanyRecord, 'name' | 'product' | 'country' | 'viewId' | 'dimensionIndex' | 'orderFeedUrl' | 'orderFeedHostKey' | 'matchThreshold' | 'volumeDropThreshold' | 'integrationSteps'>
>;

/**
 * Conditional edit: succeeds only on the version the editor read (else 409). A new name moves
 * the name guard, and a changed step list adds (TBD) or deletes step items, all in the same
 * transaction, so uniqueness and "a company's steps match its list" hold under concurrent edits.
 * A new View ID moves its guard the same way (ViewIdTakenError when another company holds it).
 */
export async function updateCompany(current: CompanyRecord, changes: CompanyChanges): Promise<CompanyRecord> {
  const next: CompanyRecord = { ...current, ...changes, version: current.version + 1 };
  if (changes.name !== undefined) next.name = changes.name.trim();
  const renamed = next.name.toLowerCase() !== current.name.toLowerCase();
  const put = {
    Put: {
      TableName: tableName(),
      Item: companyItem(next),
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected AND attribute_not_exists(deletingAt)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': current.version },
    },
  };
  const nameGuard = (name: string): Guard => ({ key: keys.companyNameGuard(name), holder: 'companyId', id: current.id });
  const guards = renamed ? await moveGuard(nameGuard(current.name), nameGuard(next.name)) : [];
  // Stryker disable next-line ArrayDeclaration: every record has its step list (createCompany writes one)
  const before = new Set(current.integrationSteps ?? []);
  // Stryker disable next-line ArrayDeclaration: every record has its step list (createCompany writes one)
  const after = new Set(next.integrationSteps ?? []);
  const stepWrites = changes.integrationSteps
    ? [
        ...[...after].filter((s) => !before.has(s)).map((stepType) => ({ Put: { TableName: tableName(), Item: newStepItem(next.id, stepType) } })),
        ...[...before].filter((s) => !after.has(s)).map((stepType) => ({ Delete: { TableName: tableName(), Key: keys.step(next.id, stepType) } })),
      ]
    : [];
  // The report's rows of the steps taken off the list go with them (after the write: a step holds their keys).
  const removedRows = changes.integrationSteps ? await reportRowsOf(next.id, [...before].filter((s) => !after.has(s))) : [];
  const viewId =
    // Stryker disable next-line ConditionalExpression: without viewId in the changes next.viewId is current.viewId, and viewIdMove moves nothing
    changes.viewId !== undefined ? await viewIdMove(next.id, current.viewId, next.viewId) : { items: [], claim: -1 };
  const viewIdAt = 1 + guards.length;
  try {
    // With its audit record: the record, 2 name guards, 2 View ID items, one item per step type and the audit record, far under 100.
    await auditedWrite([put, ...guards, ...viewId.items, ...stepWrites, ...companyRowWrites(current, next)], {
      kind: 'company',
      action: 'update',
      recordId: next.id,
      companyId: next.id,
      before: current,
      after: next,
      version: next.version,
    });
  } catch (error) {
    if (isConditionFailure(error)) {
      const codes = cancellationCodes(error);
      const nameHolder = renamed ? await guardHolder(keys.companyNameGuard(next.name), 'companyId') : null;
      if (nameHolder && nameHolder !== current.id) throw new ConflictError('This company already exists, please use another name');
      // A stale version is the editor's conflict, not the View ID's.
      if (codes[0] !== 'ConditionalCheckFailed' && lostViewIdClaim(error, viewIdAt, viewId.claim)) throw new ViewIdTakenError();
      throw new ConflictError();
    }
    throw error;
  }
  await batchDeleteKeys(removedRows);
  // A new name moves every step's report rows; a new step gets its rows.
  if (renamed) await reindexCompanySteps(next.id);
  else for (const stepType of [...after].filter((s) => !before.has(s))) await reindexStep(next.id, stepType);
  return next;
}

/**
 * A company field the checks store the first time only (spec, "First-time storage": the view id
 * of the first successful access check, the dimension index of the first dimension check, the
 * order feed URL of the first clean feed check). Written only while absent, null or empty: of
 * concurrent checks exactly one stores it (true), the others get false. `alongside`: fields set in
 * the same write (the feed URL's SFTP host key). A View ID claims its guard in the same
 * transaction: ViewIdTakenError when another company holds it (nothing stored).
 */
export async function storeCompanyFieldOnce(
  companyId: string,
  field: 'viewId' | 'dimensionIndex' | 'orderFeedUrl',
  value: string,
  alongside: Partial<Pick<CompanyRecord, 'orderFeedHostKey'>> = {},
): Promise<boolean> {
  const extra = Object.entries(alongside);
  const update = {
    TableName: tableName(),
    Key: keys.company(companyId),
    // Stryker disable next-line StringLiteral: `alongside` holds one field at most (the feed URL's host key): no separator to join with
    UpdateExpression: `SET #field = :value${extra.map((_, i) => `, #f${i} = :v${i}`).join('')} ADD #version :one`,
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletingAt) AND (attribute_not_exists(#field) OR #field = :null OR #field = :empty)',
    ExpressionAttributeNames: { '#field': field, '#version': 'version', ...Object.fromEntries(extra.map(([name], i) => [`#f${i}`, name])) },
    ExpressionAttributeValues: { ':value': value, ':one': 1, ':null': null, ':empty': '', ...Object.fromEntries(extra.map(([, v], i) => [`:v${i}`, v ?? null])) },
  };
  // Only an empty field is written, so there is no old View ID to release.
  const viewId = field === 'viewId' ? await viewIdMove(companyId, null, value) : null;
  // The record's "before": the field is empty (the condition says so); what rides along is as read.
  const current = await getCompanyRecord(companyId, true);
  if (!current || current.deletingAt) return false;
  const before = { [field]: current[field] ?? null, ...Object.fromEntries(extra.map(([name]) => [name, current[name as keyof CompanyRecord] ?? null])) };
  try {
    // A check's first storage is a change of the company too (recorded as whoever ran the check; the daily re-check is the system).
    await auditedWrite([{ Update: update }, ...(viewId?.items ?? []), ...companyRowWrites(current, { ...current, [field]: value })], {
      kind: 'company',
      action: 'update',
      recordId: companyId,
      companyId,
      before,
      after: { [field]: value, ...Object.fromEntries(extra.map(([name, v]) => [name, v ?? null])) },
    });
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Someone stored the field first: false, whatever the View ID's guard says.
    if (!viewId || cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    if (lostViewIdClaim(error, 1, viewId.claim)) throw new ViewIdTakenError();
    throw new ConflictError();
  }
}

/**
 * Pins `hostKey` for the stored order feed URL, only while that URL is still `forUrl` (an edit of
 * the URL meanwhile wins). `onlyIfNone`: learn a key for a record that has none (older records),
 * never replace one. The version moves, so an admin's edit of the record read before fails (409)
 * instead of writing the old key back. true when written.
 */
export async function storeOrderFeedHostKey(companyId: string, forUrl: string, hostKey: string, onlyIfNone: boolean): Promise<boolean> {
  const current = await getCompanyRecord(companyId, true);
  if (!current || current.deletingAt || current.orderFeedUrl !== forUrl || (onlyIfNone && current.orderFeedHostKey)) return false;
  if (current.orderFeedHostKey === hostKey) return true;
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.company(companyId),
            UpdateExpression: 'SET orderFeedHostKey = :key ADD #version :one',
            // The key read is the one replaced (the record's "before"), on the URL it was pinned for.
            ConditionExpression:
              'attribute_exists(pk) AND attribute_not_exists(deletingAt) AND orderFeedUrl = :url AND ' +
              (current.orderFeedHostKey ? 'orderFeedHostKey = :was' : '(attribute_not_exists(orderFeedHostKey) OR orderFeedHostKey = :null)'),
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':key': hostKey, ':url': forUrl, ':one': 1, ...(current.orderFeedHostKey ? { ':was': current.orderFeedHostKey } : { ':null': null }) },
          },
        },
      ],
      { kind: 'company', action: 'update', recordId: companyId, companyId, before: { orderFeedHostKey: current.orderFeedHostKey ?? null }, after: { orderFeedHostKey: hostKey } },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Legacy update of the analytics fields of `current` (the record the caller read). With
 * `expectedVersion`: a conditional edit. Without: each given field is written only while still
 * empty (the first check stores it), else 409. A changed View ID moves its guard in the same
 * transaction (ViewIdTakenError when another company holds it), on the View ID read.
 */
export async function setAnalyticsFields(
  current: CompanyRecord,
  fields: Partial<Pick<CompanyRecord, 'viewId' | 'dimensionIndex'>>,
  expectedVersion?: number,
): Promise<CompanyRecord> {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets: string[] = [];
  const conditions = ['attribute_exists(pk)', 'attribute_not_exists(deletingAt)'];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
    if (expectedVersion === undefined) conditions.push(`(attribute_not_exists(#${field}) OR #${field} = :null)`);
  }
  if (expectedVersion !== undefined) {
    conditions.push('#version = :expected');
    values[':expected'] = expectedVersion;
  }
  // Stryker disable next-line UnaryOperator: with no View ID items the write is a single update, whose error has no cancellation reasons to index
  const viewId = fields.viewId !== undefined ? await viewIdMove(current.id, current.viewId, fields.viewId) : { items: [], claim: -1 };
  if (viewId.items.length) {
    // The guard released is the one of the View ID read: the record must still have it.
    if (current.viewId) {
      conditions.push('#viewId = :viewIdRead');
      values[':viewIdRead'] = current.viewId;
    } else conditions.push('(attribute_not_exists(#viewId) OR #viewId = :null)');
  }
  if (conditions.some((condition) => condition.includes(':null'))) values[':null'] = null;
  const update = {
    TableName: tableName(),
    Key: keys.company(current.id),
    UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  const after = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
  try {
    // The conditions make `current`'s fields the ones replaced: the record's "before". An edit on
    // a version is that version's record; a first storage (no version) one of its own.
    await auditedWrite([{ Update: update }, ...viewId.items, ...companyRowWrites(current, after)], {
      kind: 'company',
      action: 'update',
      recordId: current.id,
      companyId: current.id,
      before: current,
      after,
      ...(expectedVersion !== undefined ? { version: expectedVersion + 1 } : {}),
    });
  } catch (error) {
    if (isConditionFailure(error)) {
      if (cancellationCodes(error)[0] !== 'ConditionalCheckFailed' && lostViewIdClaim(error, 1, viewId.claim)) throw new ViewIdTakenError();
      throw new ConflictError(expectedVersion === undefined ? 'This value is already set: send the version you read to change it' : undefined);
    }
    throw error;
  }
  // A transaction answers no attributes: the record as written.
  const written = await getCompanyRecord(current.id, true);
  if (!written) throw new NotFoundError('No such company');
  return written;
}

/**
 * First step of a deletion: marks the record and takes it out of the admin list (its GSI keys go),
 * so it disappears at once. On the version the admin read, or again when a deletion already started
 * (a retry resumes it). Returns the marked record; ConflictError on a stale version.
 */
export async function markCompanyDeleting(companyId: string, expectedVersion: number, at: string): Promise<CompanyRecord> {
  const mark = { TableName: tableName(), Key: keys.company(companyId), UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :at) REMOVE gsi1pk, gsi1sk' };
  const first = {
    ...mark,
    ConditionExpression: 'attribute_exists(pk) AND #version = :expected AND attribute_not_exists(deletingAt)',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':expected': expectedVersion, ':at': at },
  };
  try {
    // The start, on the version read: recorded in the same transaction (`deletion-started`).
    await auditedWrite([{ Update: first }], {
      kind: 'company',
      action: 'deletion-started',
      recordId: companyId,
      companyId,
      after: { deletingAt: at },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A retry of a deletion that started before resumes it (its start is recorded already); else the version is stale.
    try {
      await db().send(new UpdateCommand({ ...mark, ConditionExpression: 'attribute_exists(pk) AND attribute_exists(deletingAt)', ExpressionAttributeValues: { ':at': at } }));
    } catch (retry) {
      if (isConditionFailure(retry)) throw new ConflictError();
      throw retry;
    }
  }
  const marked = await getCompanyRecord(companyId, true);
  if (!marked) throw new ConflictError();
  return marked;
}

/** Last step of a deletion: the record, its name guard and its View ID's guard, together. */
export async function deleteCompanyRecord(company: CompanyRecord): Promise<void> {
  await auditedWrite(
      [
        // Only while the record is there: a deletion that finished meanwhile wrote the one audit record of it
        // (keyed by time, so it would not refuse a second one).
        { Delete: { TableName: tableName(), Key: keys.company(company.id), ConditionExpression: 'attribute_exists(pk)' } },
        // The guard only if it is still this company's (a later company may not own it, but be safe).
        {
          Delete: {
            TableName: tableName(),
            Key: keys.companyNameGuard(company.name),
            ConditionExpression: 'attribute_not_exists(pk) OR companyId = :id',
            ExpressionAttributeValues: { ':id': company.id },
          },
        },
        // Frees the View ID for another company (an administrator moving it: docs/analytics.md).
        ...(company.viewId ? [{ Delete: heldBy(company.viewId, company.id) }] : []),
        ...companyRowWrites(company, null),
      ],
    // The one record of a deletion, with its last step (the steps before only prepare it and may be retried).
    { kind: 'company', action: 'delete', recordId: company.id, companyId: company.id, before: company },
  ).catch(async (error: unknown) => {
    // Two deletions finishing at once (a retry beside the first): the other one deleted the record
    // and wrote the deletion's one audit record, so the record's condition (or the conflict of the
    // two transactions) refuses this one. The company is gone: done.
    if (isConditionFailure(error) && !(await getCompanyRecord(company.id, true))) return;
    throw error;
  });
}

/** The platform team's company (isDefault), the oldest if there were several: one Query of its GSI2 entry (`defaultCompanyIndex`), whatever the platform's size. */
export async function findDefaultCompany(): Promise<CompanyRecord | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: defaultCompanyIndex.indexName,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': defaultCompanyIndex.pk },
      ProjectionExpression: 'id',
      Limit: 1,
    }),
  );
  const id = Items?.[0]?.id;
  return typeof id === 'string' ? getCompany(id) : null;
}
