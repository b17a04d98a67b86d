import { describe, expect, it } from 'vitest';
import type { AdminUser } from 'shared/domain/types';
import { fr } from './messages/fr';
import { sheetCsv, SHEETS } from './admin-csv';

const user: AdminUser = {
  id: 'u', login: 'eve@test.io', firstName: '=cmd|"/c calc"!A1', lastName: '+Eve', role: 'ROLE_USER', roles: ['ROLE_USER'],
  company: '@Acme', companyId: 'c', managedCompanies: ['@Acme'], created: '2026-03-04T10:00:00.000Z', lastSignIn: null, protected: false, version: 1,
};

describe('the users CSV', () => {
  it('has the headers in the user’s language and formula-safe cells', () => {
    const t = (id: string) => (fr as Record<string, string>)[id] ?? id;
    const text = sheetCsv(SHEETS.users, [user], { t, date: (iso) => (iso ? `d:${iso.slice(0, 10)}` : ''), country: (c) => c });
    const [header, row] = text.replace('\uFEFF', '').split('\r\n');
    const ids = ['email', 'lastName', 'firstName', 'role', 'company', 'managedCompanies', 'created', 'lastSignIn'].map((column) => `adminUsers.column.${column}`);
    expect(header).toBe(ids.map((id) => `"${t(id)}"`).join(';'));
    expect(header).toContain('"Dernière connexion"');
    expect(row).toBe(`"eve@test.io";"'+Eve";"'=cmd|""/c calc""!A1";"${t('adminUsers.role.ROLE_USER')}";"'@Acme";"'@Acme";"d:2026-03-04";""`);
  });
});
