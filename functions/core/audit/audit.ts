import { auditReference, type AuditName } from '../../../shared/domain/audit';
import type { AuditEntry, AuditPage } from '../../../shared/domain/types';
import { AUDIT_PAGE_SIZE, auditQuerySchema } from '../../../shared/schemas/audit';
import { lastRecordedName, listAudit } from '../../data/audit';
import { getCompanies } from '../../data/companies';
import { getSource } from '../../data/sources';
import { validQuery } from '../../platform/query';

/**
 * The audit history read (admins only, route `audit-list`): one page, newest first. `company`
 * is that company's history (its record and every item in it), `subject` a user's own history
 * (their record and their sign-ins), `user` the changes that user made; days are UTC and inclusive.
 */
export async function listAuditHistory(query: Record<string, string>, deps: { listAudit: typeof listAudit } & Partial<NameDeps> = { listAudit }): Promise<AuditPage> {
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
  return { entries, next, names: await referencedNames(entries, { ...NAME_DEPS, ...deps }) };
}

export interface NameDeps {
  getCompanies: typeof getCompanies;
  getSource: typeof getSource;
  lastRecordedName: typeof lastRecordedName;
}
export const NAME_DEPS: NameDeps = { getCompanies, getSource, lastRecordedName };

/**
 * The names of the records the page's fields refer to (a user's companies, a UTM rule's or a
 * commission's source): the current name, or for a deleted record the last one its own history
 * recorded, marked deleted. A reader of the history sees names, never ids.
 */
export async function referencedNames(entries: readonly AuditEntry[], deps: NameDeps): Promise<Record<string, AuditName>> {
  const companies = new Set<string>();
  const sources = new Map<string, string>(); // source id -> its company
  for (const entry of entries) {
    for (const [field, value] of [...Object.entries(entry.before), ...Object.entries(entry.after)]) {
      const kind = auditReference(entry.kind, field);
      for (const id of (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item !== '')) {
        if (kind === 'company') companies.add(id);
        else if (kind === 'source' && entry.companyId) sources.set(id, entry.companyId);
      }
    }
  }
  const names: Record<string, AuditName> = {};
  for (const company of await deps.getCompanies([...companies])) names[company.id] = { name: company.name, deleted: false };
  const found = await Promise.all([...sources].map(async ([id, companyId]) => [id, await deps.getSource(companyId, id)] as const));
  for (const [id, source] of found) if (source) names[id] = { name: source.name, deleted: false };
  const gone = [...[...companies].map((id) => ['company', id] as const), ...[...sources.keys()].map((id) => ['source', id] as const)].filter(([, id]) => !names[id]);
  await Promise.all(gone.map(async ([kind, id]) => (names[id] = { name: await deps.lastRecordedName(kind, id), deleted: true })));
  return names;
}
