import { randomUUID } from 'node:crypto';
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
}

export interface NewCompany {
  id?: string;
  name: string;
  product: Product;
  country: string;
  viewId?: string | null;
  dimensionIndex?: string | null;
  orderFeedUrl?: string | null;
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
        const company = stripKeys<CompanyRecord>(item);
        found.set(company.id, company);
      }
      const unprocessed: { Keys?: Record<string, unknown>[] } | undefined = answer.UnprocessedKeys?.[tableName()];
      request = unprocessed?.Keys?.length ? { [tableName()]: { Keys: unprocessed.Keys } } : undefined;
    }
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/** Every company, by name (GSI Query, never a Scan). */
export async function listCompanies(): Promise<CompanyRecord[]> {
  return queryAllByIndex<CompanyRecord>(gsi1.indexName, gsi1.companies.pk);
}

export async function findCompanyByName(name: string): Promise<CompanyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.companyNameGuard(name) }));
  return typeof Item?.companyId === 'string' ? getCompany(Item.companyId) : null;
}

export type CompanyChanges = Partial<Pick<CompanyRecord, 'name' | 'product' | 'country' | 'viewId' | 'dimensionIndex' | 'orderFeedUrl'>>;

/**
 * Conditional edit: succeeds only on the version the editor read (else 409). A new name moves
 * the name guard in the same transaction, so uniqueness holds under concurrent edits.
 */
export async function updateCompany(current: CompanyRecord, changes: CompanyChanges): Promise<CompanyRecord> {
  const next: CompanyRecord = { ...current, ...changes, version: current.version + 1 };
  if (changes.name !== undefined) next.name = changes.name.trim();
  const renamed = next.name.toLowerCase() !== current.name.toLowerCase();
  const put = {
    Put: {
      TableName: tableName(),
      Item: { ...keys.company(next.id), gsi1pk: gsi1.companies.pk, gsi1sk: gsi1.companies.sk(next.name), ...next },
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
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
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [put, ...guards] }));
  } catch (error) {
    if (isConditionFailure(error)) {
      const codes = cancellationCodes(error);
      if (codes[2] === 'ConditionalCheckFailed') throw new ConflictError('This company already exists, please use another name');
      throw new ConflictError();
    }
    throw error;
  }
  return next;
}
