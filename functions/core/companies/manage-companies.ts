import { orderSteps } from '../../../shared/domain/steps';
import { MATCH_THRESHOLD_DEFAULT, VOLUME_DROP_DEFAULT, type CompaniesAdminList, type Company, type Role, type StepType } from '../../../shared/domain/types';
import type { CompanyCreateRequest, CompanyUpdateCurrentRequest, CompanyUpdateRequest } from '../../../shared/schemas/companies';
import * as companiesRepo from '../../data/companies';
import type { CompanyChanges, CompanyRecord, NewCompany } from '../../data/companies';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
// host-key, not the fetcher's index: this bundle needs no transport.
import { sameSftpServer } from '../../platform/feed-fetch/host-key';
import { redactUrl } from '../../platform/feed-fetch/redact';
import { storingViewId } from '../analytics/view-owner';
import { toCompany } from '../users/views';
import * as usersRepo from '../../data/users';
import { validQuery } from '../../platform/query';
import { companiesListQuerySchema, LIST_PAGE_SIZE } from '../../../shared/schemas/lists';

/** The companies admin's use cases (list, create, edit) and the legacy update of the current company. */

export interface CompanyAdminDeps {
  listCompaniesPage: typeof companiesRepo.listCompaniesPage;
  /** A rename: the list rows of the company's users hold its name (functions/data/users.ts `reindexUser`). */
  reindexUsersOf(companyName: string): Promise<void>;
  getCompany(id: string): Promise<CompanyRecord | null>;
  createCompany(input: NewCompany): Promise<CompanyRecord>;
  updateCompany(current: CompanyRecord, changes: CompanyChanges): Promise<CompanyRecord>;
  setAnalyticsFields(current: CompanyRecord, fields: Pick<CompanyChanges, 'viewId' | 'dimensionIndex'>, expectedVersion?: number): Promise<CompanyRecord>;
  /** Ids of the companies holding a View ID (the legacy update says "taken" before "not yours to move"). */
  viewOwners(viewId: string): Promise<string[]>;
}

/** Re-writes the list rows of the users whose main company had this name, ten at a time. */
async function reindexUsersOf(companyName: string): Promise<void> {
  const ids = await usersRepo.userIdsOfCompanyName(companyName);
  for (let i = 0; i < ids.length; i += 10) await Promise.all(ids.slice(i, i + 10).map((id) => usersRepo.reindexUser(id)));
}

const defaults: CompanyAdminDeps = {
  listCompaniesPage: companiesRepo.listCompaniesPage,
  reindexUsersOf,
  getCompany: companiesRepo.getCompany,
  createCompany: companiesRepo.createCompany,
  updateCompany: companiesRepo.updateCompany,
  setAnalyticsFields: companiesRepo.setAnalyticsFields,
  viewOwners: companiesRepo.companiesWithViewId,
};

/** Empty text means "none": stored as null. */
const orNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * GET /api/companies: one page of companies in the order asked, searched on the server (query
 * parameters of shared/schemas/lists.ts; docs/architecture.md, "Admin lists"): one Query of a
 * sort-index partition and the page's records by key, whatever the platform's size.
 */
export async function listCompaniesAdmin(query: Record<string, string>, deps: Pick<CompanyAdminDeps, 'listCompaniesPage'> = defaults): Promise<CompaniesAdminList> {
  const params = validQuery(companiesListQuerySchema, query);
  const { companies, next } = await deps.listCompaniesPage(
    { sort: params.sort ?? 'name', dir: params.dir === 'desc' ? 'desc' : 'asc', search: params.q },
    params.cursor || null,
    params.limit ?? LIST_PAGE_SIZE,
  );
  return { companies: companies.map(toCompany), next };
}

/** GET /api/companies/{id}: one company (its edit page). */
export async function getCompanyAdmin(id: string, deps: Pick<CompanyAdminDeps, 'getCompany'> = defaults): Promise<Company> {
  const company = await deps.getCompany(id);
  if (!company) throw new NotFoundError('No such company');
  return toCompany(company);
}

/**
 * Company and steps in one transaction; a taken name (any case) is a 409 with the spec's warning,
 * a View ID another company holds a 400 on viewId (every write that stores a View ID refuses one).
 */
export async function createCompanyAsAdmin(input: CompanyCreateRequest, deps: CompanyAdminDeps = defaults): Promise<Company> {
  const created = await storingViewId('viewId', () => deps.createCompany({
    name: input.name,
    product: input.product,
    country: input.country,
    viewId: orNull(input.viewId),
    dimensionIndex: orNull(input.dimensionIndex),
    orderFeedUrl: orNull(input.orderFeedUrl),
    integrationSteps: orderSteps(input.integrationSteps as StepType[]),
  }));
  return toCompany(created);
}

/** Kept steps keep their order; added ones follow; analytics steps stay first. */
export function nextSteps(current: readonly StepType[], wanted: readonly StepType[]): StepType[] {
  const kept = current.filter((s) => wanted.includes(s));
  return orderSteps([...kept, ...wanted.filter((s) => !kept.includes(s))]);
}

/** The fields of `input` that differ from the record (what the conditional write changes). */
export function companyChanges(current: CompanyRecord, input: Omit<CompanyUpdateRequest, 'version'>): CompanyChanges {
  const changes: CompanyChanges = {};
  if (input.name !== undefined && input.name.trim() !== current.name) changes.name = input.name.trim();
  if (input.product !== undefined && input.product !== current.product) changes.product = input.product;
  if (input.country !== undefined && input.country !== current.country) changes.country = input.country;
  if (input.matchThreshold !== undefined && input.matchThreshold !== (current.matchThreshold ?? MATCH_THRESHOLD_DEFAULT)) changes.matchThreshold = input.matchThreshold;
  if (input.volumeDropThreshold !== undefined && input.volumeDropThreshold !== (current.volumeDropThreshold ?? VOLUME_DROP_DEFAULT)) changes.volumeDropThreshold = input.volumeDropThreshold;
  for (const field of ['viewId', 'dimensionIndex', 'orderFeedUrl'] as const) {
    if (input[field] === undefined) continue;
    const value = orNull(input[field]);
    const stored = current[field] ?? null;
    if (value === stored) continue;
    // The URL as answered (credentials left out, toCompany) sent back unchanged keeps the stored one.
    if (field === 'orderFeedUrl' && value !== null && stored !== null && value === redactUrl(stored)) continue;
    changes[field] = value;
  }
  // A feed URL on another server: the host key pinned for the old one means nothing (the next check learns one).
  if (changes.orderFeedUrl !== undefined && current.orderFeedHostKey && !sameSftpServer(changes.orderFeedUrl, current.orderFeedUrl)) {
    changes.orderFeedHostKey = null;
  }
  if (input.integrationSteps !== undefined) {
    const steps = nextSteps(current.integrationSteps ?? [], input.integrationSteps as StepType[]);
    if (steps.join() !== (current.integrationSteps ?? []).join()) changes.integrationSteps = steps;
  }
  return changes;
}

/** Edit on the version read (409 when stale; 400 on viewId for one another company holds); nothing changed: the record as it is. */
export async function updateCompanyAsAdmin(id: string, input: CompanyUpdateRequest, deps: CompanyAdminDeps = defaults): Promise<Company> {
  const current = await deps.getCompany(id);
  if (!current) throw new NotFoundError('No such company');
  if (current.version !== input.version) throw new ConflictError();
  const changes = companyChanges(current, input);
  if (!Object.keys(changes).length) return toCompany(current);
  const updated = await storingViewId('viewId', () => deps.updateCompany(current, changes));
  if (changes.name !== undefined && changes.name.toLowerCase() !== current.name.toLowerCase()) await deps.reindexUsersOf(current.name);
  return toCompany(updated);
}

/**
 * Legacy POST /api/companies/update: the caller's current company's viewId / dimensionIndex only;
 * never a View ID another company holds (400). A value is stored where none is; moving a stored one
 * is an administrator's (docs/analytics.md, "Which resource a check is about": the steps were
 * completed on it), anyone else gets 400 on the field.
 */
export async function updateCurrentCompany(company: CompanyRecord, input: CompanyUpdateCurrentRequest, role: Role, deps: CompanyAdminDeps = defaults): Promise<Company> {
  const fields: Pick<CompanyChanges, 'viewId' | 'dimensionIndex'> = {};
  if (input.viewId != null) fields.viewId = orNull(input.viewId);
  if (input.dimensionIndex != null) fields.dimensionIndex = orNull(input.dimensionIndex);
  const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter((field) => (company[field] ?? null) !== fields[field]);
  // A repeated call storing the same value is harmless: 200 without a write.
  if (!changed.length) return toCompany(company);
  // A stale version is the editor's conflict first, as on every versioned edit.
  if (input.version !== undefined && input.version !== company.version) throw new ConflictError();
  const moved = changed.filter((field) => company[field]);
  // Another company's View ID is refused as such first (the same 400 as on every route that takes one).
  const viewId = fields.viewId;
  if (moved.length && viewId && (await deps.viewOwners(viewId)).some((id) => id !== company.id)) {
    await storingViewId('viewId', () => Promise.reject(new companiesRepo.ViewIdTakenError()));
  }
  if (moved.length && role !== 'ROLE_ADMIN') throw new ValidationError(Object.fromEntries(moved.map((field) => [field, 'validation.analytics.storedOnlyAdmin'])), 'Only an administrator changes a stored View ID or custom dimension');
  return toCompany(await storingViewId('viewId', () => deps.setAnalyticsFields(company, fields, input.version)));
}
