import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/domain/types';
import { ValidationError } from '../../platform/errors';
import { listAuditHistory } from './audit';

const entry = { id: 'a1', kind: 'source', before: {}, after: {} } as unknown as AuditEntry;

function fakeList() {
  return vi.fn(async () => ({ entries: [entry], next: 'next-page' }));
}

describe('listAuditHistory', () => {
  it('reads a company\'s history through its record key, the whole last day included, 25 a page', async () => {
    const listAudit = fakeList();
    const page = await listAuditHistory({ company: 'c1', user: 'u2', kind: 'source', from: '2026-12-01', to: '2026-12-31', cursor: 'abc' }, { listAudit });
    expect(page).toEqual({ entries: [entry], next: 'next-page', names: {} });
    expect(listAudit).toHaveBeenCalledWith({ of: 'company#c1', by: 'u2', kind: 'source', from: '2026-12-01', to: '2026-12-31T~' }, 'abc', 25);
  });

  it('a user\'s own history is read through the user\'s record; a company filter wins over it', async () => {
    const listAudit = fakeList();
    await listAuditHistory({ subject: 'u1' }, { listAudit });
    expect(listAudit).toHaveBeenLastCalledWith({ of: 'user#u1', by: undefined, kind: undefined, from: undefined, to: undefined }, null, 25);
    await listAuditHistory({ subject: 'u1', company: 'c1' }, { listAudit });
    expect(listAudit).toHaveBeenLastCalledWith(expect.objectContaining({ of: 'company#c1' }), null, 25);
  });

  it('no filter reads everything from the first page (an empty cursor is the first page)', async () => {
    const listAudit = fakeList();
    await listAuditHistory({ cursor: '' }, { listAudit });
    expect(listAudit).toHaveBeenCalledWith({ of: undefined, by: undefined, kind: undefined, from: undefined, to: undefined }, null, 25);
  });

  it('refuses bad filters with each one\'s field, before reading anything', async () => {
    const listAudit = fakeList();
    const refusal = await listAuditHistory({ kind: 'password', from: '2026-1-1', company: 'a b' }, { listAudit }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).errors).toEqual({ company: 'validation.invalid', kind: 'validation.invalid', from: 'validation.date' });
    expect(listAudit).not.toHaveBeenCalled();
  });

  it('names the records the fields refer to: current names, a deleted one by its last recorded name, marked deleted', async () => {
    const at = '2026-12-01T10:00:00.000Z';
    const entries = [
      { at, kind: 'rule', action: 'create', recordId: 'r1', companyId: 'c1', before: {}, after: { sourceId: 's-live', rule: [] } },
      { at, kind: 'commission', action: 'delete', recordId: 'm1', companyId: 'c1', before: { sourceId: 's-gone' }, after: {} },
      // No company (null, '') is no reference: nothing is looked up for it.
      { at, kind: 'user', action: 'update', recordId: 'u1', companyId: 'c1', before: { companyId: 'c1', managedCompanyIds: ['c1', 'c-gone'] }, after: { currentCompanyId: null, companyId: '' } },
      // A source id in a kind that holds none (a source's own fields) is not looked up.
      { at, kind: 'source', action: 'update', recordId: 's-live', companyId: 'c1', before: { name: 'Old' }, after: { name: 'Meta Ads' } },
    ] as unknown as AuditEntry[];
    const getSource = vi.fn(async (companyId: string, id: string) => (companyId === 'c1' && id === 's-live' ? ({ id, name: 'Meta Ads' } as never) : null));
    const getCompanies = vi.fn(async (ids: readonly string[]) => ids.filter((id) => id === 'c1').map((id) => ({ id, name: 'Acme Retail' }) as never));
    const lastRecordedName = vi.fn(async (kind: string, id: string) => (kind === 'source' && id === 's-gone' ? 'Cityads' : null));
    const page = await listAuditHistory({}, { listAudit: vi.fn(async () => ({ entries, next: null })), getSource, getCompanies, lastRecordedName });
    expect(page.names).toEqual({
      's-live': { name: 'Meta Ads', deleted: false },
      's-gone': { name: 'Cityads', deleted: true },
      c1: { name: 'Acme Retail', deleted: false },
      'c-gone': { name: null, deleted: true },
    });
    expect(getSource).toHaveBeenCalledTimes(2);
    expect(getCompanies).toHaveBeenCalledWith(['c1', 'c-gone']);
    expect(lastRecordedName.mock.calls.sort()).toEqual([['company', 'c-gone'], ['source', 's-gone']]);
  });
});
