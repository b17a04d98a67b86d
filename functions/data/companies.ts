import { randomUUID } from 'node:crypto';
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultStepsFor, orderSteps } from '../../shared/domain/steps';
import type { Company, Product, StepType } from '../../shared/domain/types';
import { ConflictError, NotFoundError } from '../platform/errors';
import { gsi1, keys } from './keys';
import { newStepItem } from './steps';
import { cancellationCodes, db, isConditionFailure, nowIso, putWithGuard, queryAllByIndex, stripKeys, tableName } from './table';

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

/**
 * Creates the company, reserves its name and writes its steps in ONE transaction, so a company
 * never exists without its steps and two companies never share a name.
 */
export async function createCompany(input: NewCompany): Promise<CompanyRecord> {
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
  await putWithGuard({
    item: { ...keys.company(company.id), gsi1pk: gsi1.companies.pk, gsi1sk: gsi1.companies.sk(company.name), ...company },
    guard: { ...keys.companyNameGuard(company.name), companyId: company.id },
    alongside: company.integrationSteps.map((stepType) => newStepItem(company.id, stepType)),
    messages: { taken: 'This company already exists, please use another name', exists: 'This company id is already used' },
  });
  return company;
}

export async function getCompany(companyId: string): Promise<CompanyRecord | null> {
  return live(await getCompanyRecord(companyId));
}

/** The stored record, also while its deletion runs (the delete use case resumes from it). */
export async function getCompanyRecord(companyId: string): Promise<CompanyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId) }));
  return Item ? stripKeys<CompanyRecord>(Item) : null;
}

export async function requireCompany(companyId: string): Promise<CompanyRecord> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFoundError('No such company');
  return company;
}

/** Several companies by id (missing ones are skipped), in the order of `ids`. */
export async function getCompanies(ids: readonly string[]): Promise<CompanyRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, CompanyRecord>();
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((id): Record<string, unknown> => ({ ...keys.company(id) })) },
    };
    // BatchGet may return part of the keys as unprocessed under load: ask again for those.
    for (let attempt = 0; request && attempt < 5; attempt++) {
      const answer: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of answer.Responses?.[tableName()] ?? []) {
        const company = live(stripKeys<CompanyRecord>(item));
        if (company) found.set(company.id, company);
      }
      const unprocessed: { Keys?: Record<string, unknown>[] } | undefined = answer.UnprocessedKeys?.[tableName()];
      request = unprocessed?.Keys?.length ? { [tableName()]: { Keys: unprocessed.Keys } } : undefined;
    }
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/** Every company, by name (GSI Query, never a Scan), with only the fields the API answers (smaller pages). */
export async function listCompanies(): Promise<CompanyRecord[]> {
  return queryAllByIndex<CompanyRecord>(gsi1.indexName, gsi1.companies.pk, {
    projection: 'id, #name, product, country, viewId, dimensionIndex, orderFeedUrl, integrationSteps, version, isDefault, created',
    names: { '#name': 'name' },
  });
}

/** Ids of the companies that stored this View ID (one GSI Query of the companies, filtered; deleted ones are out of the index). */
export async function companiesWithViewId(viewId: string): Promise<string[]> {
  const found = await queryAllByIndex<Pick<CompanyRecord, 'id'>>(gsi1.indexName, gsi1.companies.pk, {
    expression: 'viewId = :viewId',
    values: { ':viewId': viewId },
    projection: 'id',
  });
  return found.map((company) => company.id);
}

export async function findCompanyByName(name: string): Promise<CompanyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.companyNameGuard(name) }));
  return typeof Item?.companyId === 'string' ? getCompany(Item.companyId) : null;
}

export type CompanyChanges = Partial<
  Pick<CompanyRecord, 'name' | 'product' | 'country' | 'viewId' | 'dimensionIndex' | 'orderFeedUrl' | 'orderFeedHostKey' | 'integrationSteps'>
>;

/**
 * Conditional edit: succeeds only on the version the editor read (else 409). A new name moves
 * the name guard, and a changed step list adds (TBD) or deletes step items, all in the same
 * transaction, so uniqueness and "a company's steps match its list" hold under concurrent edits.
 */
export async function updateCompany(current: CompanyRecord, changes: CompanyChanges): Promise<CompanyRecord> {
  const next: CompanyRecord = { ...current, ...changes, version: current.version + 1 };
  if (changes.name !== undefined) next.name = changes.name.trim();
  const renamed = next.name.toLowerCase() !== current.name.toLowerCase();
  const put = {
    Put: {
      TableName: tableName(),
      Item: { ...keys.company(next.id), gsi1pk: gsi1.companies.pk, gsi1sk: gsi1.companies.sk(next.name), ...next },
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected AND attribute_not_exists(deletingAt)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': current.version },
    },
  };
  const guards = renamed
    ? [
        { Delete: { TableName: tableName(), Key: keys.companyNameGuard(current.name) } },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.companyNameGuard(next.name), companyId: next.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]
    : [];
  const before = new Set(current.integrationSteps ?? []);
  const after = new Set(next.integrationSteps ?? []);
  const stepWrites = changes.integrationSteps
    ? [
        ...[...after].filter((s) => !before.has(s)).map((stepType) => ({ Put: { TableName: tableName(), Item: newStepItem(next.id, stepType) } })),
        ...[...before].filter((s) => !after.has(s)).map((stepType) => ({ Delete: { TableName: tableName(), Key: keys.step(next.id, stepType) } })),
      ]
    : [];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [put, ...guards, ...stepWrites] }));
  } catch (error) {
    if (isConditionFailure(error)) {
      const codes = cancellationCodes(error);
      if (renamed && codes[2] === 'ConditionalCheckFailed') throw new ConflictError('This company already exists, please use another name');
      throw new ConflictError();
    }
    throw error;
  }
  return next;
}

/**
 * A company field the checks store the first time only (spec, "First-time storage": the view id
 * of the first successful access check, the dimension index of the first dimension check, the
 * order feed URL of the first clean feed check). Written only while absent, null or empty: of
 * concurrent checks exactly one stores it (true), the others get false. `alongside`: fields set in
 * the same write (the feed URL's SFTP host key).
 */
export async function storeCompanyFieldOnce(
  companyId: string,
  field: 'viewId' | 'dimensionIndex' | 'orderFeedUrl',
  value: string,
  alongside: Partial<Pick<CompanyRecord, 'orderFeedHostKey'>> = {},
): Promise<boolean> {
  const extra = Object.entries(alongside);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        UpdateExpression: `SET #field = :value${extra.map((_, i) => `, #f${i} = :v${i}`).join('')} ADD #version :one`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletingAt) AND (attribute_not_exists(#field) OR #field = :null OR #field = :empty)',
        ExpressionAttributeNames: { '#field': field, '#version': 'version', ...Object.fromEntries(extra.map(([name], i) => [`#f${i}`, name])) },
        ExpressionAttributeValues: { ':value': value, ':one': 1, ':null': null, ':empty': '', ...Object.fromEntries(extra.map(([, v], i) => [`:v${i}`, v ?? null])) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Pins `hostKey` for the stored order feed URL, only while that URL is still `forUrl` (an edit of
 * the URL meanwhile wins). `onlyIfNone`: learn a key for a record that has none (older records),
 * never replace one. The version moves, so an admin's edit of the record read before fails (409)
 * instead of writing the old key back. true when written.
 */
export async function storeOrderFeedHostKey(companyId: string, forUrl: string, hostKey: string, onlyIfNone: boolean): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        UpdateExpression: 'SET orderFeedHostKey = :key ADD #version :one',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deletingAt) AND orderFeedUrl = :url${
          onlyIfNone ? ' AND (attribute_not_exists(orderFeedHostKey) OR orderFeedHostKey = :null)' : ''
        }`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':key': hostKey, ':url': forUrl, ':one': 1, ...(onlyIfNone ? { ':null': null } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Legacy update of the analytics fields. With `expectedVersion`: a conditional edit. Without:
 * each given field is written only while still empty (the first check stores it), else 409.
 */
export async function setAnalyticsFields(
  companyId: string,
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
  if (expectedVersion === undefined) values[':null'] = null;
  else {
    conditions.push('#version = :expected');
    values[':expected'] = expectedVersion;
  }
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<CompanyRecord>(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new ConflictError(expectedVersion === undefined ? 'This value is already set: send the version you read to change it' : undefined);
    }
    throw error;
  }
}

/**
 * First step of a deletion: marks the record and takes it out of the admin list (its GSI keys go),
 * so it disappears at once. On the version the admin read, or again when a deletion already started
 * (a retry resumes it). Returns the marked record; ConflictError on a stale version.
 */
export async function markCompanyDeleting(companyId: string, expectedVersion: number, at: string): Promise<CompanyRecord> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :at) REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND (#version = :expected OR attribute_exists(deletingAt))',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion, ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<CompanyRecord>(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

/** Last step of a deletion: the record and its name guard, together. */
export async function deleteCompanyRecord(company: CompanyRecord): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.company(company.id) } },
        // The guard only if it is still this company's (a later company may not own it, but be safe).
        {
          Delete: {
            TableName: tableName(),
            Key: keys.companyNameGuard(company.name),
            ConditionExpression: 'attribute_not_exists(pk) OR companyId = :id',
            ExpressionAttributeValues: { ':id': company.id },
          },
        },
      ],
    }),
  );
}

/** The platform team's company (isDefault), oldest first if there were several: one filtered GSI Query. */
export async function findDefaultCompany(): Promise<CompanyRecord | null> {
  const found = await queryAllByIndex<CompanyRecord>(gsi1.indexName, gsi1.companies.pk, { expression: 'isDefault = :fyes', values: { ':fyes': true } });
  return found.sort((a, b) => a.created.localeCompare(b.created))[0] ?? null;
}
