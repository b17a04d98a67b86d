import { COMPANY_HISTORY_KINDS, type AuditEntry, type CompanyHistoryEntry, type CompanyHistoryKind, type CompanyHistoryPage, type HistoryActor } from '../../../shared/domain/types';
import { AUDIT_PAGE_SIZE, companyHistoryQuerySchema } from '../../../shared/schemas/audit';
import { listAudit } from '../../data/audit';
import { getUsers } from '../../data/users';
import { primaryRole } from '../../../shared/domain/roles';
import { validQuery } from '../../platform/query';
import { NAME_DEPS, referencedNames, type NameDeps } from './audit';

/**
 * A company's own history (route `company-history-list`, docs/product.md "The company's history"):
 * the audit of the company's record and of what is in it, for its own users, newest first. The
 * changers' ids and client addresses never leave; an administrator is shown as the platform's
 * team, never by name (the role recorded with the change, or for an older record the user's
 * role now); a user no longer on the portal as such.
 */
export async function listCompanyHistory(
  companyId: string,
  query: Record<string, string>,
  deps: { listAudit: typeof listAudit; getUsers: typeof getUsers } & Partial<NameDeps> = { listAudit, getUsers },
): Promise<CompanyHistoryPage> {
  const filter = validQuery(companyHistoryQuerySchema, query);
  const { entries, next } = await deps.listAudit(
    {
      of: `company#${companyId}`,
      kinds: filter.kind ? [filter.kind as CompanyHistoryKind] : COMPANY_HISTORY_KINDS,
      from: filter.from,
      // The whole last day: every ISO time of that day sorts before `<day>T~`.
      to: filter.to ? `${filter.to}T~` : undefined,
    },
    filter.cursor || null,
    AUDIT_PAGE_SIZE,
  );
  // Kept to the company's kinds here too: the index's filter is the first guard, this the last.
  const shown = entries.filter((entry): entry is AuditEntry & { kind: CompanyHistoryKind } => (COMPANY_HISTORY_KINDS as readonly string[]).includes(entry.kind));
  const who = await changers(shown, deps.getUsers);
  return {
    entries: shown.map(({ actorId: _id, actorLogin: _login, actorRole: _role, client: _client, ...entry }, index): CompanyHistoryEntry => ({ ...entry, who: who[index] as HistoryActor })),
    next,
    names: await referencedNames(shown, { ...NAME_DEPS, ...deps }),
  };
}

/** Who made each change, as the company may read it (one read of the older records' users). */
async function changers(entries: readonly AuditEntry[], read: typeof getUsers): Promise<HistoryActor[]> {
  const unknownRoles = [...new Set(entries.filter((entry) => entry.actorId && !entry.actorRole).map((entry) => entry.actorId as string))];
  const roles = new Map((unknownRoles.length ? await read(unknownRoles) : []).map((user) => [user.id, primaryRole(user)]));
  return entries.map((entry): HistoryActor => {
    if (!entry.actorId) return { type: 'system' };
    const role = entry.actorRole ?? roles.get(entry.actorId);
    if (!role) return { type: 'former' };
    return role === 'ROLE_ADMIN' ? { type: 'team' } : { type: 'user', login: entry.actorLogin };
  });
}
