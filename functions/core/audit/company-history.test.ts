import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/domain/types';
import type { UserRecord } from '../../data/users';
import { ValidationError } from '../../platform/errors';
import { listCompanyHistory } from './company-history';

const at = '2026-12-01T10:00:00.000Z';
const change = (fields: Partial<AuditEntry>) =>
  ({ at, kind: 'source', action: 'update', recordId: 's1', companyId: 'c1', before: {}, after: {}, ...fields }) as AuditEntry;

function deps(entries: AuditEntry[], users: Partial<UserRecord>[] = []) {
  return {
    listAudit: vi.fn(async () => ({ entries, next: 'next-page' })),
    getUsers: vi.fn(async (ids: readonly string[]) => users.filter((user) => ids.includes(user.id as string)) as UserRecord[]),
    getCompanies: vi.fn(async () => []),
    getSource: vi.fn(async () => null),
    lastRecordedName: vi.fn(async () => null),
  };
}

describe('listCompanyHistory', () => {
  it('reads the company\'s record key, its kinds only, the whole last day included, 25 a page', async () => {
    const read = deps([]);
    const page = await listCompanyHistory('c1', { from: '2026-12-01', to: '2026-12-31', cursor: 'abc' }, read);
    expect(page).toEqual({ entries: [], next: 'next-page', names: {} });
    expect(read.listAudit).toHaveBeenCalledWith(
      { of: 'company#c1', kinds: ['company', 'step', 'source', 'rule', 'collector', 'commission', 'meeting', 'api-token', 'health-mute', 'webhook'], from: '2026-12-01', to: '2026-12-31T~' },
      'abc',
      25,
    );
    await listCompanyHistory('c1', { kind: 'rule', cursor: '' }, read);
    expect(read.listAudit).toHaveBeenLastCalledWith({ of: 'company#c1', kinds: ['rule'], from: undefined, to: undefined }, null, 25);
  });

  it('refuses a kind the company may not read (a user\'s sign-ins) before reading anything', async () => {
    const read = deps([]);
    const refusal = await listCompanyHistory('c1', { kind: 'user' }, read).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).errors).toEqual({ kind: 'validation.invalid' });
    expect(read.listAudit).not.toHaveBeenCalled();
  });

  it('shows who changed what without ids or addresses: a user by login, an admin as the team, the system, a former user', async () => {
    const entries = [
      change({ recordId: 'r-user', actorId: 'u1', actorLogin: 'ann@acme.test', actorRole: 'ROLE_USER', client: { ip: '10.0.0.1' } as never }),
      change({ recordId: 'r-admin', actorId: 'a1', actorLogin: 'admin@platform.test', actorRole: 'ROLE_ADMIN' }),
      change({ recordId: 'r-system' }),
      // Older records have no role: the user's role now decides, and a user gone is "former".
      change({ recordId: 'r-old-admin', actorId: 'a2', actorLogin: 'old@platform.test' }),
      change({ recordId: 'r-old-user', actorId: 'u2', actorLogin: 'bob@acme.test' }),
      change({ recordId: 'r-gone', actorId: 'u3', actorLogin: 'gone@acme.test' }),
      // A kind the company does not see (the index's filter is the first guard, this the last).
      change({ kind: 'user', recordId: 'u1', actorId: 'u1' }),
    ];
    const read = deps(entries, [
      { id: 'a2', roles: ['ROLE_ADMIN'] } as Partial<UserRecord>,
      { id: 'u2', roles: ['ROLE_USER'] } as Partial<UserRecord>,
    ]);
    const page = await listCompanyHistory('c1', {}, read);
    expect(page.entries.map(({ recordId, who }) => [recordId, who])).toEqual([
      ['r-user', { type: 'user', login: 'ann@acme.test' }],
      ['r-admin', { type: 'team' }],
      ['r-system', { type: 'system' }],
      ['r-old-admin', { type: 'team' }],
      ['r-old-user', { type: 'user', login: 'bob@acme.test' }],
      ['r-gone', { type: 'former' }],
    ]);
    expect(page.entries[0]).toEqual({ at, kind: 'source', action: 'update', recordId: 'r-user', companyId: 'c1', before: {}, after: {}, who: { type: 'user', login: 'ann@acme.test' } });
    // One read, of the users whose role was not recorded.
    expect(read.getUsers).toHaveBeenCalledTimes(1);
    expect(read.getUsers).toHaveBeenCalledWith(['a2', 'u2', 'u3']);
  });

  it('reads no user when every change recorded its role', async () => {
    const read = deps([change({ actorId: 'u1', actorLogin: 'ann@acme.test', actorRole: 'ROLE_USER' })]);
    await listCompanyHistory('c1', {}, read);
    expect(read.getUsers).not.toHaveBeenCalled();
  });

  it('names the records the fields refer to', async () => {
    const read = deps([change({ kind: 'rule', recordId: 'r1', after: { sourceId: 's-gone' } })]);
    read.lastRecordedName.mockResolvedValue('Cityads' as never);
    const page = await listCompanyHistory('c1', {}, read);
    expect(page.names).toEqual({ 's-gone': { name: 'Cityads', deleted: true } });
  });
});
