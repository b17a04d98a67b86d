import type { AuditKind } from './types';

/**
 * The recorded fields that hold another record's id (docs/product.md, "Audit history"), by the kind
 * of that record: the history shows its name, never the id. The server resolves them for each page
 * (`AuditPage.names`), the page reads them from there.
 */
const AUDIT_REFERENCES: Partial<Record<AuditKind, Readonly<Record<string, 'company' | 'source'>>>> = {
  user: { companyId: 'company', currentCompanyId: 'company', managedCompanyIds: 'company' },
  rule: { sourceId: 'source' },
  commission: { sourceId: 'source' },
};

export const auditReference = (kind: AuditKind, field: string): 'company' | 'source' | undefined => AUDIT_REFERENCES[kind]?.[field];

/** A referenced record's name; `deleted`: it no longer exists (its name is its last recorded one, null when none was). */
export interface AuditName {
  name: string | null;
  deleted: boolean;
}
