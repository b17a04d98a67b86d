import { describe, expect, it, vi } from 'vitest';
import type { FeedHealth, FeedHistoryEntry } from '../../../shared/domain/order-feed';
import type { CompanyRecord } from '../../data/companies';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { isRegression, parseRecheckMessage, recheckCompany, recheckFormat, type RecheckDeps } from './recheck';
import { dispatchFeedRechecks } from './recheck-dispatch';

const company: CompanyRecord = {
  id: 'c1',
  name: 'Shop',
  product: '360',
  country: 'FR',
  viewId: null,
  dimensionIndex: null,
  orderFeedUrl: 'sftp://user:secret@feeds.example/orders.csv',
  integrationSteps: [],
  isDefault: false,
  created: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const runAt = '2026-11-24T03:00:00.000Z';
const entry = (health: FeedHealth, date: string, trigger: FeedHistoryEntry['trigger'] = 'daily', checkId = `h-${date}`): FeedHistoryEntry => ({
  checkId,
  date,
  trigger,
  health,
  orders: health === 'failed' ? 0 : 10,
  warningKeys: health === 'warnings' ? ['invalidPrice'] : [],
  failure: health === 'failed' ? { code: 'status', message: 'The server answered 503' } : null,
});
const check = (over: Partial<FeedCheckRecord> = {}): FeedCheckRecord => ({
  id: 'new-check',
  companyId: 'c1',
  status: 'queued',
  type: 'csv',
  viewId: null,
  source: { kind: 'url', url: 'sftp://feeds.example/orders.csv' },
  startedBy: 'daily',
  createdAt: runAt,
  updatedAt: runAt,
  finishedAt: null,
  progress: { bytes: 0, totalBytes: null, orders: 0 },
  result: null,
  failure: null,
  stepCompleted: false,
  feedUrlStored: false,
  ...over,
});
const finished = (health: FeedHealth): FeedCheckRecord =>
  check({
    status: health === 'failed' ? 'failed' : 'done',
    finishedAt: '2026-11-24T03:00:05.000Z',
    failure: health === 'failed' ? { code: 'timeout', message: 'The server did not answer in time' } : null,
    result:
      health === 'failed'
        ? null
        : ({ errors: health === 'warnings' ? { invalidPrice: [{ line: 3 }] } : {}, stats: { numOrders: { total: 10 } } } as unknown as FeedCheckRecord['result']),
  });

function deps(history: FeedHistoryEntry[], now: FeedHealth, over: Partial<RecheckDeps> = {}) {
  const alerts = new Set<string>();
  const d = {
    getCompany: vi.fn(async (id: string) => (id === company.id ? company : null)),
    listFeedHistory: vi.fn(async () => history),
    latestFeedCheck: vi.fn(async () => null),
    openFeedCheck: vi.fn(async () => ({ check: check(), created: true })),
    runFeedCheck: vi.fn(async () => finished(now)),
    claimFeedAlert: vi.fn(async (companyId: string, checkId: string) => !alerts.has(checkId) && !!alerts.add(checkId)),
    releaseFeedAlert: vi.fn(async (_companyId: string, checkId: string) => void alerts.delete(checkId)),
    sendMail: vi.fn(async () => {}),
    integrationMailbox: () => 'team@portal.test',
    appUrl: () => 'https://portal.test',
    now: () => new Date('2026-11-24T03:00:06.000Z'),
    ...over,
  };
  return d as typeof d & RecheckDeps;
}

describe('recheckCompany', () => {
  const message = { companyId: 'c1', runAt };

  it('checks the stored URL with the manual check\'s code, as a daily check, and mails nothing when still clean', async () => {
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'clean');
    expect(await recheckCompany(message, 123, d)).toEqual({ companyId: 'c1', companyName: 'Shop', outcome: 'checked', checkId: 'new-check', health: 'clean', previous: 'clean', alerted: false });
    // The stored check keeps the URL without credentials; the fetch gets it whole.
    expect(d.openFeedCheck).toHaveBeenCalledWith('c1', { type: 'csv', viewId: null, source: { kind: 'url', url: 'sftp://feeds.example/orders.csv' }, startedBy: 'daily' });
    expect(d.runFeedCheck).toHaveBeenCalledWith(company, expect.objectContaining({ id: 'new-check' }), { feedUrl: company.orderFeedUrl, trigger: 'daily', deadline: 123 });
    expect(d.sendMail).not.toHaveBeenCalled();
  });

  it('hands the SFTP host key pinned on the company to the check; a mismatch is a failed check mailed as "cannot be checked"', async () => {
    const pinned = { ...company, orderFeedHostKey: 'SHA256:pinned' };
    const refused = check({ status: 'failed', finishedAt: '2026-11-24T03:00:05.000Z', failure: { code: 'host-key', message: 'The SFTP server presented another host key' } });
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'failed', { getCompany: vi.fn(async () => pinned), runFeedCheck: vi.fn(async () => refused) });
    expect(await recheckCompany(message, 123, d)).toMatchObject({ health: 'failed', previous: 'clean', alerted: true });
    expect(d.runFeedCheck).toHaveBeenCalledWith(pinned, expect.anything(), { feedUrl: company.orderFeedUrl, trigger: 'daily', deadline: 123, sftpHostKey: 'SHA256:pinned' });
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ problem_short: 'cannot be checked', details: expect.stringContaining('(host-key)') }) }));
  });

  it('mails the team once when a clean feed now has warnings', async () => {
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z'), entry('warnings', '2026-11-22T03:00:00.000Z')], 'warnings');
    expect(await recheckCompany(message, 0, d)).toMatchObject({ health: 'warnings', previous: 'clean', alerted: true });
    expect(d.sendMail).toHaveBeenCalledTimes(1);
    expect(d.sendMail).toHaveBeenCalledWith({
      to: 'team@portal.test',
      template: 'feed-regression',
      data: expect.objectContaining({ company_name: 'Shop', feed_kind: 'order', problem_short: 'has warnings', details: 'Warnings: invalidPrice', previous_at: '2026-11-23 03:00 UTC', url_integration: 'https://portal.test/crm/order-feed' }),
    });
  });

  it('names a lead feed for a company that is not a 360 one', async () => {
    const lead = { ...company, product: 'affiliate' as const };
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z'), entry('warnings', '2026-11-22T03:00:00.000Z')], 'warnings', { getCompany: vi.fn(async () => lead) });
    await recheckCompany(message, 0, d);
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ feed_kind: 'lead' }) }));
  });

  it('mails the team when a clean feed can no longer be fetched, with the reason', async () => {
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z', 'manual')], 'failed');
    expect(await recheckCompany(message, 0, d)).toMatchObject({ health: 'failed', previous: 'clean', alerted: true });
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ problem_short: 'cannot be checked', details: expect.stringContaining('did not answer in time (timeout)') }) }));
  });

  it.each([
    ['already broken', [entry('failed', '2026-11-23T03:00:00.000Z')], 'failed'],
    ['never checked', [], 'failed'],
    ['still with warnings', [entry('warnings', '2026-11-23T03:00:00.000Z')], 'warnings'],
    ['with warnings, now broken', [entry('warnings', '2026-11-23T03:00:00.000Z')], 'failed'],
    ['repaired', [entry('failed', '2026-11-23T03:00:00.000Z')], 'clean'],
  ] as const)('does not mail for a feed %s', async (_name, history, now) => {
    const d = deps([...history], now);
    expect(await recheckCompany(message, 0, d)).toMatchObject({ outcome: 'checked', health: now, alerted: false });
    expect(d.sendMail).not.toHaveBeenCalled();
  });

  it('on a redelivery after its check, does not check again and mails only if the first delivery did not', async () => {
    const mine = entry('warnings', '2026-11-24T03:00:05.000Z', 'daily', 'mine');
    const send = vi.fn(async () => {});
    send.mockRejectedValueOnce(new Error('SES throttled'));
    const d = deps([mine, entry('clean', '2026-11-23T03:00:00.000Z')], 'warnings', { sendMail: send });
    // First delivery (history before the check is just the clean line): the mail fails, so the message fails.
    const first = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'warnings', { sendMail: send, claimFeedAlert: d.claimFeedAlert, releaseFeedAlert: d.releaseFeedAlert, runFeedCheck: vi.fn(async () => ({ ...finished('warnings'), id: 'mine' })) });
    await expect(recheckCompany(message, 0, first)).rejects.toThrow('SES throttled');
    expect(first.releaseFeedAlert).toHaveBeenCalledWith('c1', 'mine');
    // Redelivery: the history now holds this run's line; no new check, the mail goes out.
    expect(await recheckCompany(message, 0, d)).toMatchObject({ checkId: 'mine', health: 'warnings', previous: 'clean', alerted: true });
    expect(d.openFeedCheck).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(2);
    // A third delivery (duplicate): the marker is taken, no second mail.
    expect(await recheckCompany(message, 0, d)).toMatchObject({ alerted: false });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('skips a company that is gone, has no feed URL, or is running a check', async () => {
    expect(await recheckCompany({ companyId: 'gone', runAt }, 0, deps([], 'clean'))).toMatchObject({ outcome: 'skipped', reason: 'no-company' });
    const noUrl = deps([], 'clean', { getCompany: vi.fn(async () => ({ ...company, orderFeedUrl: null })) });
    expect(await recheckCompany(message, 0, noUrl)).toMatchObject({ outcome: 'skipped', reason: 'no-feed-url' });
    const busy = deps([], 'clean', { openFeedCheck: vi.fn(async () => ({ check: check({ status: 'running', startedBy: 'u1' }), created: false })) });
    expect(await recheckCompany(message, 0, busy)).toMatchObject({ outcome: 'skipped', reason: 'busy' });
    expect(busy.runFeedCheck).not.toHaveBeenCalled();
  });

  it('lets unexpected errors through (the queue retries the message)', async () => {
    const d = deps([], 'clean', { openFeedCheck: vi.fn(async () => Promise.reject(new Error('ProvisionedThroughputExceeded'))) });
    await expect(recheckCompany(message, 0, d)).rejects.toThrow('ProvisionedThroughputExceeded');
  });
});

describe('helpers', () => {
  it('dispatches one message per company with the run time', async () => {
    const send = vi.fn(async () => {});
    const run = await dispatchFeedRechecks({ send, listCompanyIdsToRecheck: async () => ['a', 'b'], now: () => new Date(runAt) });
    expect(run).toEqual({ runAt, companies: 2 });
    expect(send).toHaveBeenCalledWith([{ companyId: 'a', runAt }, { companyId: 'b', runAt }]);
  });

  it('reads messages strictly', () => {
    expect(parseRecheckMessage(JSON.stringify({ companyId: 'c1', runAt }))).toEqual({ companyId: 'c1', runAt });
    for (const bad of ['nope', '{}', JSON.stringify({ companyId: 'c1', runAt: 'yesterday' }), JSON.stringify({ companyId: 7, runAt })]) expect(parseRecheckMessage(bad)).toBeNull();
  });

  it('reads the URL in the format of its last check, else by its extension', () => {
    expect(recheckFormat('https://shop.example/feed', check({ type: 'csv', source: { kind: 'url', url: 'https://shop.example/feed' } }))).toBe('csv');
    expect(recheckFormat('https://shop.example/feed', check({ type: 'csv', source: { kind: 'upload', key: 'k', fileName: 'f.csv', size: 1 } }))).toBe('xml');
    expect(recheckFormat('https://shop.example/orders.CSV?x=1', null)).toBe('csv');
    expect(recheckFormat('ftp://u:p@shop.example/orders.xml', null)).toBe('xml');
  });

  it('calls only clean-to-not-clean a regression', () => {
    expect(isRegression('clean', 'warnings')).toBe(true);
    expect(isRegression('clean', 'failed')).toBe(true);
    expect(isRegression('clean', 'clean')).toBe(false);
    expect(isRegression('warnings', 'failed')).toBe(false);
    expect(isRegression(null, 'failed')).toBe(false);
  });
});
