import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/domain/types';
import { ValidationError } from '../../platform/errors';
import { listAuditHistory } from './audit';

const entry = { id: 'a1' } as unknown as AuditEntry;

function fakeList() {
  return vi.fn(async () => ({ entries: [entry], next: 'next-page' }));
}

describe('listAuditHistory', () => {
  it('reads a company\'s history through its record key, the whole last day included, 25 a page', async () => {
    const listAudit = fakeList();
    const page = await listAuditHistory({ company: 'c1', user: 'u2', kind: 'source', from: '2026-12-01', to: '2026-12-31', cursor: 'abc' }, { listAudit });
    expect(page).toEqual({ entries: [entry], next: 'next-page' });
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
});
