import { describe, expect, it, vi } from 'vitest';
import type { HealthStateRecord } from '../../data/data-health';
import type { UserRecord } from '../../data/users';
import { muteKind, unmuteKind, type MuteDeps } from './mute';

const NOW = '2026-11-24T10:00:00.000Z';
const user = { id: 'u1', login: 'ann@shop.example', firstName: 'Ann', lastName: 'Lee' } as UserRecord;

/** The state item with its optimistic lock in memory; `racing`: the daily check writes it first this many times. */
function fakeDeps(start: Partial<HealthStateRecord>, racing = 0) {
  let state: HealthStateRecord = { companyId: 'c1', kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 2, ...start };
  let races = racing;
  const deps: MuteDeps & { saveState: ReturnType<typeof vi.fn> } = {
    getState: vi.fn(async () => state),
    saveState: vi.fn(async (previous: HealthStateRecord, next: Omit<HealthStateRecord, 'version' | 'companyId'>) => {
      if (races-- > 0) state = { ...state, version: state.version + 1 };
      if (previous.version !== state.version) return false;
      state = { ...state, ...next, version: state.version + 1 };
      return true;
    }),
    dataHealth: async (companyId) => ({ companyId, items: [] }),
    now: () => new Date(NOW),
  };
  return { deps, state: () => state };
}

const failing = { feed: { status: 'failing' as const, checkedAt: NOW } };

describe('muteKind / unmuteKind', () => {
  it('mutes a failing kind for the days asked, with the note and who, audited with the state', async () => {
    const { deps, state } = fakeDeps({ kinds: failing });
    const health = await muteKind(user, 'c1', { kind: 'feed', note: 'moving servers', days: 7 }, { ...deps });
    expect(state().mutes.feed).toEqual({ note: 'moving servers', until: '2026-12-01T10:00:00.000Z', at: NOW, byId: 'u1', byName: 'Ann Lee', status: 'failing' });
    expect(deps.saveState.mock.calls[0]![2]).toEqual([
      { kind: 'health-mute', action: 'create', recordId: 'c1#feed', companyId: 'c1', before: null, after: { kind: 'feed', note: 'moving servers', until: '2026-12-01T10:00:00.000Z', status: 'failing' } },
    ]);
    expect(health.companyId).toBe('c1');
  });

  it('a second mute replaces the first (an update); a user without a name is shown by login', async () => {
    const { deps, state } = fakeDeps({ kinds: { 'utm-linking': { status: 'warning', checkedAt: NOW } } });
    await muteKind({ ...user, firstName: '', lastName: '' }, 'c1', { kind: 'utm-linking', note: 'a', days: 1 }, deps);
    await muteKind(user, 'c1', { kind: 'utm-linking', note: 'b', days: 30 }, deps);
    expect(state().mutes['utm-linking']).toMatchObject({ note: 'b', until: '2026-12-24T10:00:00.000Z' });
    expect(deps.saveState.mock.calls.map((call) => call[2][0].action)).toEqual(['create', 'update']);
    expect(deps.saveState.mock.calls[0]![1].mutes['utm-linking'].byName).toBe('ann@shop.example');
    // The replaced mute is the update's "before", the new one its "after" (the kind on the side that changes).
    expect(deps.saveState.mock.calls[1]![2][0]).toEqual({
      kind: 'health-mute',
      action: 'update',
      recordId: 'c1#utm-linking',
      companyId: 'c1',
      before: { note: 'a', until: '2026-11-25T10:00:00.000Z', status: 'warning' },
      after: { kind: 'utm-linking', note: 'b', until: '2026-12-24T10:00:00.000Z', status: 'warning' },
    });
  });

  it('shows a user by the names they have, by login when the names are blank', async () => {
    const byName = async (firstName: string, lastName: string) => {
      const { deps, state } = fakeDeps({ kinds: failing });
      await muteKind({ ...user, firstName, lastName }, 'c1', { kind: 'feed', note: 'x', days: 1 }, deps);
      return state().mutes.feed!.byName;
    };
    expect(await byName('Ann', '')).toBe('Ann');
    expect(await byName('', 'Lee')).toBe('Lee');
    expect(await byName(' ', ' ')).toBe('ann@shop.example');
  });

  it('refuses a kind that is healthy, unknown or never checked, and changes nothing', async () => {
    const { deps } = fakeDeps({ kinds: { feed: { status: 'healthy', checkedAt: NOW }, 'analytics-access': { status: 'unknown', checkedAt: NOW } } });
    for (const kind of ['feed', 'analytics-access', 'utm-linking'] as const) {
      await expect(muteKind(user, 'c1', { kind, note: 'x', days: 7 }, deps)).rejects.toMatchObject({ status: 400, errors: { kind: 'validation.health.notBad' } });
    }
    expect(deps.saveState).not.toHaveBeenCalled();
  });

  it('reads again when the daily check wrote between; gives up with 409 after three tries', async () => {
    const twice = fakeDeps({ kinds: failing }, 2);
    await muteKind(user, 'c1', { kind: 'feed', note: 'x', days: 1 }, twice.deps);
    expect(twice.state().mutes.feed).toBeDefined();
    const always = fakeDeps({ kinds: failing }, 3);
    await expect(muteKind(user, 'c1', { kind: 'feed', note: 'x', days: 1 }, always.deps)).rejects.toMatchObject({ status: 409, message: 'The data health changed meanwhile: please try again' });
    expect(always.state().mutes).toEqual({});
  });

  it('unmutes a muted kind (audited as its end), and refuses one not muted', async () => {
    const mute = { note: 'n', until: '2026-12-01T10:00:00.000Z', at: NOW, byId: 'u1', byName: 'Ann Lee', status: 'failing' as const };
    const { deps, state } = fakeDeps({ kinds: failing, mutes: { feed: mute } });
    await unmuteKind('c1', 'feed', deps);
    expect(state().mutes).toEqual({});
    expect(deps.saveState.mock.calls[0]![2][0]).toMatchObject({ action: 'delete', after: { end: 'unmuted' }, before: { kind: 'feed', note: 'n' } });
    await expect(unmuteKind('c1', 'feed', deps)).rejects.toMatchObject({ status: 400, errors: { kind: 'validation.health.notMuted' } });
  });
});
