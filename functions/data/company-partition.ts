import { ConflictError } from '../platform/errors';
import { auditedWrite } from './audit';
import { keys } from './keys';
import { batchDeleteKeys, isConditionFailure, queryPages, tableName } from './table';
import { deleteCompanyReferences, getUser, referenceCompanies, type UserRecord } from './users';

/**
 * What deleting a company touches beyond its record: every item of its partition (steps, sources,
 * rules, traffic, collectors, commissions, meetings, feed checks, whatever later issues add), the
 * users that point at it (found by its reference rows: functions/data/users.ts), and its feed uploads in S3. Each function is idempotent, so a deletion
 * that stopped half-way (timeout, crash) is finished by running it again.
 */

/** Deletes every item of the company's partition except its record (META, which goes last). Returns how many. */
export async function deletePartitionChildren(companyId: string): Promise<number> {
  let deleted = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId) },
    ProjectionExpression: 'pk, sk, listRows',
  });
  for await (const page of pages) {
    const meta = keys.company(companyId).sk;
    // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
    const doomed = (page.Items ?? []).filter((item) => item.sk !== meta).map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
    // Items that reserve something outside the partition go with it: a source's id guard first, so a
    // deletion stopped in between still finds the source on the next run and finishes both.
    const guards = doomed.filter((item) => item.sk.startsWith(keys.sourcePrefix)).map((item) => keys.sourceIdGuard(item.sk.slice(keys.sourcePrefix.length)));
    // A step's status report rows (functions/data/report-rows.ts) too, before the step that holds their keys.
    // Stryker disable next-line ArrayDeclaration: only steps hold rows
    const rows = (page.Items ?? []).flatMap((item) => (item.listRows as Array<{ pk: string; sk: string }> | undefined) ?? []);
    await batchDeleteKeys([...guards, ...rows]);
    await batchDeleteKeys(doomed);
    deleted += doomed.length;
  }
  // Its users were detached just before: the rows saying who points at it go too.
  await deleteCompanyReferences(companyId);
  return deleted;
}

/**
 * Takes the company out of a user's managed list (a change of the user's data: version + 1, on the
 * version read) and moves a current company that pointed at it to `replacement` (a preference:
 * no version), with the user's audit record in the same transaction (made by whoever deletes the
 * company). Re-reads and retries when the user changed meanwhile.
 */
export async function detachUserFromCompany(user: UserRecord, companyId: string, replacement: string | null, attempt = 1): Promise<void> {
  const managed = user.managedCompanyIds.filter((id) => id !== companyId);
  const after: UserRecord = { ...user };
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (managed.length !== user.managedCompanyIds.length) {
    sets.push('managedCompanyIds = :managed', '#version = :next');
    values[':managed'] = managed;
    values[':next'] = user.version + 1;
    Object.assign(after, { managedCompanyIds: managed, version: user.version + 1 });
  }
  if (user.currentCompanyId === companyId) {
    sets.push('currentCompanyId = :current');
    values[':current'] = replacement;
    after.currentCompanyId = replacement;
  }
  if (!sets.length) return;
  if (after.currentCompanyId && after.currentCompanyId !== user.currentCompanyId) await referenceCompanies(after);
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(user.id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ...values, ':expected': user.version },
          },
        },
      ],
      // A version-changing edit is that version's record; a current company alone, one of its own.
      { kind: 'user', action: 'update', recordId: user.id, companyId: user.companyId, before: user, after, ...(after.version !== user.version ? { version: after.version } : {}) },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const fresh = await getUser(user.id);
    // Bounded: a deletion that keeps losing to edits of one user stops (409); running it again resumes it.
    if (fresh && attempt >= 5) throw new ConflictError();
    if (fresh) await detachUserFromCompany(fresh, companyId, replacement, attempt + 1);
  }
}

/** Deletes every feed upload of the company (`keys.feedUploadPrefix`); the S3 calls load on use (feed-upload-objects.ts). Returns how many. */
export const deleteFeedUploads = async (companyId: string): Promise<number> =>
  (await import('./feed-upload-objects')).deleteObjectsUnder(keys.feedUploadPrefix(companyId));
