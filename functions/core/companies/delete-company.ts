import type { CompanyDeletion } from '../../../shared/domain/types';
import * as companiesRepo from '../../data/companies';
import type { CompanyRecord } from '../../data/companies';
import * as partition from '../../data/company-partition';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import { isAdmin } from '../users/company-access';
import { resolveCompany } from '../users/companies';
import { toSummary } from '../users/views';

export interface DeleteCompanyDeps {
  getCompanyRecord(id: string): Promise<CompanyRecord | null>;
  getCompany(id: string): Promise<CompanyRecord | null>;
  findDefaultCompany(): Promise<CompanyRecord | null>;
  markCompanyDeleting(id: string, expectedVersion: number, at: string): Promise<CompanyRecord>;
  usersReferencingCompany(id: string): Promise<UserRecord[]>;
  detachUserFromCompany(user: UserRecord, companyId: string, replacement: string | null): Promise<void>;
  deletePartitionChildren(id: string): Promise<number>;
  deleteFeedUploads(id: string): Promise<number>;
  deleteCompanyRecord(company: CompanyRecord): Promise<void>;
  now(): Date;
}

const defaults: DeleteCompanyDeps = {
  getCompanyRecord: companiesRepo.getCompanyRecord,
  getCompany: companiesRepo.getCompany,
  findDefaultCompany: companiesRepo.findDefaultCompany,
  markCompanyDeleting: companiesRepo.markCompanyDeleting,
  usersReferencingCompany: usersRepo.usersReferencingCompany,
  detachUserFromCompany: partition.detachUserFromCompany,
  deletePartitionChildren: partition.deletePartitionChildren,
  deleteFeedUploads: partition.deleteFeedUploads,
  deleteCompanyRecord: companiesRepo.deleteCompanyRecord,
  now: () => new Date(),
};

/**
 * Deletes a company and everything in its partition, without orphans and restartable:
 * 1. refuse the default company (403) and a company that is still some user's MAIN company (409:
 *    the admin moves or deletes those users first);
 * 2. mark the record deleting on the version read (409 when stale): it leaves every list and the
 *    auth resolution at once; a retry of a half-done deletion passes this step whatever its version;
 * 3. managers lose it from their managed lists; whoever worked on it goes back (admins to the
 *    default company, others to their main one);
 * 4. the partition's items in batches of 25 (any number, beyond a transaction's 100), the feed
 *    uploads in S3, and LAST the record with its name guard.
 */
export async function deleteCompany(actor: UserRecord, id: string, version: number, deps: DeleteCompanyDeps = defaults): Promise<CompanyDeletion> {
  const record = await deps.getCompanyRecord(id);
  if (!record) throw new NotFoundError('No such company');
  if (record.isDefault) throw new ForbiddenError('The default company cannot be deleted');
  if (!record.deletingAt && record.version !== version) throw new ConflictError();

  const users = await deps.usersReferencingCompany(id);
  const mainOf = users.filter((user) => user.companyId === id && !user.deletedAt);
  if (mainOf.length) {
    throw new ConflictError(
      mainOf.length === 1
        ? '1 user still has this company as main company: move or delete this user first'
        : `${mainOf.length} users still have this company as main company: move or delete them first`,
    );
  }

  const marked = await deps.markCompanyDeleting(id, version, deps.now().toISOString());
  const fallback = await deps.findDefaultCompany();
  for (const user of users) {
    await deps.detachUserFromCompany(user, id, isAdmin(user) && fallback ? fallback.id : null);
  }
  const items = await deps.deletePartitionChildren(id);
  const feedObjects = await deps.deleteFeedUploads(id);
  await deps.deleteCompanyRecord(marked);

  const current =
    actor.currentCompanyId === id && fallback
      ? fallback
      : await resolveCompany({ ...actor, currentCompanyId: actor.currentCompanyId === id ? null : actor.currentCompanyId }, deps);
  if (!current) throw new NotFoundError('Your company no longer exists');
  return { deleted: id, items, feedObjects, currentCompany: toSummary(current) };
}
