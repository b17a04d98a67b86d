import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';

const recheckCompany = vi.fn();
vi.mock('../core/order-feed/recheck', async (original) => ({ ...(await original<object>()), recheckCompany }));
const recheckCompanyHealth = vi.fn(async (message: { companyId: string }) => {
  order.push(`health ${message.companyId}`);
  return null;
});
vi.mock('../core/data-health/recheck-health', () => ({ recheckCompanyHealth }));
const order: string[] = [];
const importTrafficDaily = vi.fn(async (companyId: string) => {
  order.push(`import ${companyId}`);
  return companyId === 'ok' ? { ok: true, rows: 6, at: runAt, stepStatus: null } : null;
});
vi.mock('../core/analytics/traffic-import', () => ({ importTrafficDaily }));
const { handler } = await import('./feed-recheck-worker');
const { QuotaDeferredError, currentQuota } = await import('../core/analytics/quota');
const { logger } = await import('../platform/log');

const record = (messageId: string, body: string): SQSRecord => ({ messageId, body, attributes: { ApproximateReceiveCount: '1' } }) as unknown as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const runAt = '2026-11-24T03:00:00.000Z';

describe('feed re-check worker', () => {
  it('reports only the messages whose re-check threw; drops unreadable ones; passes its deadline', async () => {
    vi.spyOn(logger(), 'info').mockImplementation(() => {});
    const error = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    recheckCompany.mockImplementation(async ({ companyId }: { companyId: string }) => {
      if (companyId === 'bad') throw new Error('table unavailable');
      return { companyId, outcome: 'checked', checkId: 'x', health: 'failed', previous: null, alerted: false };
    });
    const answer = await handler(
      event(record('m1', JSON.stringify({ companyId: 'ok', runAt })), record('m2', JSON.stringify({ companyId: 'bad', runAt })), record('m3', 'not json')),
      { getRemainingTimeInMillis: () => 120_000 },
    );
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
    expect(answer.outcomes).toEqual([expect.objectContaining({ companyId: 'ok', health: 'failed', traffic: { ok: true, rows: 6, at: runAt, stepStatus: null } })]);
    // Every company's traffic is imported, before its data health reads it, whatever the feed's re-check gave.
    expect(order).toEqual(['import ok', 'health ok', 'import bad', 'health bad']);
    expect(recheckCompany).toHaveBeenCalledTimes(2);
    // The data health runs for both, told whether the feed's re-check went through.
    expect(recheckCompanyHealth.mock.calls.map((call) => (call as unknown[])[1])).toEqual([true, false]);
    // The deadline keeps 30 s for the last writes.
    const deadline = recheckCompany.mock.calls[0]![1] as number;
    expect(deadline - Date.now()).toBeGreaterThan(80_000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(90_000);
    expect(error.mock.calls.map(([message, keys]) => [message, (keys as { reason?: string } | undefined)?.reason])).toEqual([
      ['re-check failed', 'table unavailable'],
      ['invalid message, dropped', undefined],
    ]);
  });

  it('runs each company metered by the quotas; a company the quotas defer is delivered again, a warning, no error', async () => {
    vi.spyOn(logger(), 'info').mockImplementation(() => {});
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    const error = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    error.mockClear();
    const gates: unknown[] = [];
    recheckCompany.mockImplementation(async ({ companyId }: { companyId: string }) => {
      gates.push(currentQuota());
      if (companyId === 'later') throw new QuotaDeferredError('project-day');
      return { companyId, outcome: 'skipped', reason: 'no-feed-url' };
    });
    const answer = await handler(event(record('m1', JSON.stringify({ companyId: 'later', runAt })), record('m2', JSON.stringify({ companyId: 'ok', runAt }))), { getRemainingTimeInMillis: () => 120_000 });
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(answer.outcomes.map((o) => o.companyId)).toEqual(['ok']);
    expect(gates).toHaveLength(2);
    expect(gates.every((gate) => gate !== undefined)).toBe(true);
    expect(currentQuota()).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('re-check deferred: analytics quota', expect.objectContaining({ companyId: 'later', quota: 'project-day' }));
    expect(error).not.toHaveBeenCalled();
  });
});
