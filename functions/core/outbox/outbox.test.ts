import { describe, expect, it, vi } from 'vitest';
import type { OutboxRecord, Settlement } from '../../data/outbox';
import { deliver, sweepOutbox, type DispatchDeps } from './outbox';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

/** One stored delivery with the repository's contract: a claim counts a try and holds a lease; a settlement ends it. */
function fakes(send: DispatchDeps['send'], stored: Partial<OutboxRecord> = {}) {
  const record = { id: 'd1', kind: 'mail', recipient: 'team@portal.test', topic: 'step-notification', state: 'pending', attempts: 0, nextAt: new Date(NOW).toISOString(), payload: { to: 'team@portal.test' }, ...stored } as OutboxRecord;
  const settled: Settlement[] = [];
  const deps: DispatchDeps = {
    claim: vi.fn(async (_id: string, now: string, leaseEnd: string) => {
      if (record.state !== 'pending' || record.nextAt > now) return null;
      Object.assign(record, { attempts: record.attempts + 1, nextAt: leaseEnd });
      return { ...record };
    }),
    settle: vi.fn(async (_id: string, attempt: number, settlement: Settlement) => {
      if (record.attempts !== attempt) return false;
      settled.push(settlement);
      if (settlement.outcome === 'retry') record.nextAt = settlement.nextAt;
      else record.state = settlement.outcome === 'dead' ? 'dead' : 'sent';
      return true;
    }),
    due: vi.fn(async (now: string) => (record.state === 'pending' && record.nextAt <= now ? [record.id] : [])),
    send: vi.fn(send),
    now: () => NOW,
    random: () => 0,
    policy: { baseMs: 30_000, capMs: 3_600_000, maxAttempts: 3 },
  };
  return { deps, record, settled };
}

describe('deliver', () => {
  it('sends a due delivery once and marks it sent; a second dispatcher finds nothing to do', async () => {
    const { deps, record, settled } = fakes(async () => 'sent');
    expect(await deliver('d1', deps)).toBe('sent');
    expect(await deliver('d1', deps)).toBe('not-due');
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.send).toHaveBeenCalledWith('mail', { to: 'team@portal.test' }, expect.objectContaining({ id: 'd1', attempts: 1 }));
    expect(settled).toEqual([{ outcome: 'sent', at: '2026-11-28T10:00:00.000Z' }]);
    expect(record.state).toBe('sent');
  });

  it('claims with a lease of a minute, so a dispatcher that dies leaves it due again', async () => {
    const { deps } = fakes(async () => 'sent');
    await deliver('d1', deps);
    expect(deps.claim).toHaveBeenCalledWith('d1', '2026-11-28T10:00:00.000Z', '2026-11-28T10:01:00.000Z');
  });

  it('on a failure, keeps it pending with the next try after the backoff, and the reason', async () => {
    const { deps, record, settled } = fakes(async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { name: 'TimeoutError' })));
    expect(await deliver('d1', deps)).toBe('retry');
    expect(settled).toEqual([{ outcome: 'retry', at: '2026-11-28T10:00:00.000Z', nextAt: '2026-11-28T10:00:30.000Z', error: 'TimeoutError: connect ECONNREFUSED' }]);
    // Not due before its time.
    expect(await deliver('d1', deps)).toBe('not-due');
    expect(record.state).toBe('pending');
  });

  it('marks it dead after the last try', async () => {
    const { deps, record, settled } = fakes(async () => Promise.reject(new Error('SES down')), { attempts: 2 });
    expect(await deliver('d1', deps)).toBe('dead');
    expect(settled).toEqual([{ outcome: 'dead', at: '2026-11-28T10:00:00.000Z', error: 'Error: SES down' }]);
    expect(record.state).toBe('dead');
  });

  it('reports a suppressed address as skipped, and does not try it again', async () => {
    const { deps, record } = fakes(async () => 'skipped');
    expect(await deliver('d1', deps)).toBe('skipped');
    expect(record.state).toBe('sent');
  });
});

describe('sweepOutbox', () => {
  it('tries what is due at its time, and counts the outcomes', async () => {
    let up = false;
    const { deps, record } = fakes(async () => {
      if (!up) throw new Error('SES down');
      return 'sent';
    });
    expect(await sweepOutbox(deps)).toMatchObject({ retry: 1, sent: 0 });
    // Before the retry's time: nothing.
    expect(await sweepOutbox(deps)).toMatchObject({ retry: 0, sent: 0 });
    up = true;
    expect(await sweepOutbox({ ...deps, now: () => NOW + 30_000 })).toMatchObject({ sent: 1 });
    expect(record.state).toBe('sent');
    expect(deps.send).toHaveBeenCalledTimes(2);
  });
});
