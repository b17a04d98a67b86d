import type { AuditPage } from '../../../shared/domain/types';
import { AUDIT_PAGE_SIZE, auditQuerySchema } from '../../../shared/schemas/audit';
import { listAudit } from '../../data/audit';
import { validQuery } from '../../platform/query';

/**
 * The audit history read (admins only, route `audit-list`): one page, newest first. `company`
 * is that company's history (its record and every item in it), `subject` a user's own history
 * (their record and their sign-ins), `user` the changes that user made; days are UTC and inclusive.
 */
export async function listAuditHistory(query: Record<string, string>, deps: { listAudit: typeof listAudit } = { listAudit }): Promise<AuditPage> {
  const filter = validQuery(auditQuerySchema, query);
  const of = filter.company ? `company#${filter.company}` : filter.subject ? `user#${filter.subject}` : undefined;
  const { entries, next } = await deps.listAudit(
    {
      of,
      by: filter.user,
      kind: filter.kind as AuditPage['entries'][number]['kind'] | undefined,
      from: filter.from,
      // The whole last day: every ISO time of that day sorts before `<day>T~`.
      to: filter.to ? `${filter.to}T~` : undefined,
    },
    filter.cursor || null,
    AUDIT_PAGE_SIZE,
  );
  return { entries, next };
}
