import type { ValidationError as YupValidationError } from 'yup';
import type { AuditPage } from '../../../shared/domain/types';
import { AUDIT_PAGE_SIZE, auditQuerySchema } from '../../../shared/schemas/audit';
import { listAudit } from '../../data/audit';
import { ValidationError } from '../../platform/errors';

/** What a refused parameter was, for the 400's message (the `errors` carry the i18n ids the page shows). */
const REASONS: Record<string, string> = {
  'validation.date': 'is no day of the calendar (YYYY-MM-DD, years 2000 to 2099)',
  'validation.dateRange': 'is before from',
};
const explain = (field: string, id: string, query: Record<string, string>): string =>
  field in query ? `${field}=${JSON.stringify(query[field])} ${REASONS[id] ?? 'is not valid'}` : `${field} is not valid (known parameters: company, user, subject, kind, from, to, cursor)`;

/**
 * The audit history read (admins only, route `audit-list`): one page, newest first. `company`
 * is that company's history (its record and every item in it), `subject` a user's own history
 * (their record and their sign-ins), `user` the changes that user made; days are UTC and inclusive.
 */
export async function listAuditHistory(query: Record<string, string>, deps: { listAudit: typeof listAudit } = { listAudit }): Promise<AuditPage> {
  let filter;
  try {
    filter = auditQuerySchema.validateSync(query, { abortEarly: false });
  } catch (error) {
    const invalid = error as YupValidationError;
    const errors = Object.fromEntries((invalid.inner.length ? invalid.inner : [invalid]).map((item) => [item.path ?? 'query', String(item.message)]));
    throw new ValidationError(errors, `The query is not valid: ${Object.entries(errors).map(([field, id]) => explain(field, id, query)).join('; ')}`);
  }
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
