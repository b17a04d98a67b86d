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
  otherResource: null,
  ...over,
});
const finished = (health: FeedHealth): FeedCheckRecord =>
  check({
    status: health === 'failed' ? 'failed' : 'done',
    finishedAt: '2026-11-24T03:00:05.000Z',
    failure: health === 'failed' ? { code: 'status', message: 'The server answered HTTP 404', httpStatus: 404 } : null,
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
    expect(await recheckCompany(message, 123, d)).toEqual({ companyId: 'c1', companyName: 'Shop', outcome: 'checked', checkId: 'new-check', health: 'clean', previous: 'clean', alerted: false, attempt: 0, retryAt: null });
    // The stored check keeps the URL without credentials; the fetch gets it whole.
    expect(d.openFeedCheck).toHaveBeenCalledWith('c1', { type: 'csv', viewId: null, source: { kind: 'url', url: 'sftp://feeds.example/orders.csv' }, startedBy: 'daily' });
    expect(d.runFeedCheck).toHaveBeenCalledWith(company, expect.objectContaining({ id: 'new-check' }), { feedUrl: company.orderFeedUrl, trigger: 'daily', deadline: 123, countDay: '2026-11-23', dailyRun: { runAt, attempt: 0 } });
    expect(d.sendMail).not.toHaveBeenCalled();
  });

  it('hands the SFTP host key pinned on the company to the check; a mismatch is a failed check mailed as "cannot be checked"', async () => {
    const pinned = { ...company, orderFeedHostKey: 'SHA256:pinned' };
    const refused = check({ status: 'failed', finishedAt: '2026-11-24T03:00:05.000Z', failure: { code: 'host-key', message: 'The SFTP server presented another host key' } });
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'failed', { getCompany: vi.fn(async () => pinned), runFeedCheck: vi.fn(async () => refused) });
    expect(await recheckCompany(message, 123, d)).toMatchObject({ health: 'failed', previous: 'clean', alerted: true });
    expect(d.runFeedCheck).toHaveBeenCalledWith(pinned, expect.anything(), { feedUrl: company.orderFeedUrl, trigger: 'daily', deadline: 123, countDay: '2026-11-23', dailyRun: { runAt, attempt: 0 }, sftpHostKey: 'SHA256:pinned' });
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
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ problem_short: 'cannot be checked', details: expect.stringContaining('answered HTTP 404 (status)') }) }));
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

describe('recheckCompany: what it sends on and what it records', () => {
  const message = { companyId: 'c1', runAt };

  it('a history line of this run (daily, at or after its time) is a redelivery; a manual line or an older daily one is not', async () => {
    for (const [line, redelivery] of [
      [entry('warnings', runAt, 'daily', 'mine'), true],
      [entry('warnings', '2026-11-24T03:00:01.000Z', 'daily', 'mine'), true],
      [entry('warnings', '2026-11-24T02:59:59.000Z', 'daily', 'mine'), false],
      [entry('warnings', '2026-11-24T03:00:01.000Z', 'manual', 'mine'), false],
    ] as const) {
      const d = deps([line, entry('clean', '2026-11-23T03:00:00.000Z')], 'clean');
      const outcome = await recheckCompany(message, 0, d);
      expect(d.openFeedCheck, line.date + line.trigger).toHaveBeenCalledTimes(redelivery ? 0 : 1);
      // A redelivery compares with the line before its own; a new check with the latest line.
      expect(outcome, line.date + line.trigger).toMatchObject(redelivery ? { checkId: 'mine', previous: 'clean' } : { checkId: 'new-check', previous: 'warnings' });
    }
  });

  it('opens the check with the company\'s view id, in the format of its last check of that URL', async () => {
    const withView = { ...company, viewId: '424242' };
    const d = deps([], 'clean', {
      getCompany: vi.fn(async () => withView),
      latestFeedCheck: vi.fn(async () => check({ type: 'xml', source: { kind: 'url', url: 'sftp://feeds.example/orders.csv' } })),
    });
    await recheckCompany(message, 0, d);
    expect(d.latestFeedCheck).toHaveBeenCalledWith('c1');
    expect(d.listFeedHistory).toHaveBeenCalledWith('c1', 4);
    expect(d.openFeedCheck).toHaveBeenCalledWith('c1', expect.objectContaining({ type: 'xml', viewId: '424242' }));
  });

  it('a check that did not finish (taken by another run) is skipped as busy', async () => {
    const d = deps([], 'clean', { runFeedCheck: vi.fn(async () => check({ status: 'running' })) });
    expect(await recheckCompany(message, 0, d)).toEqual({ companyId: 'c1', companyName: 'Shop', outcome: 'skipped', reason: 'busy' });
  });

  it('a skipped company is named when it exists', async () => {
    const noUrl = deps([], 'clean', { getCompany: vi.fn(async () => ({ ...company, orderFeedUrl: null })) });
    expect(await recheckCompany(message, 0, noUrl)).toEqual({ companyId: 'c1', companyName: 'Shop', outcome: 'skipped', reason: 'no-feed-url' });
    expect(await recheckCompany({ companyId: 'gone', runAt }, 0, deps([], 'clean'))).toEqual({ companyId: 'gone', outcome: 'skipped', reason: 'no-company' });
  });

  it('does not mail when another delivery already claimed the alert', async () => {
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'warnings', { claimFeedAlert: vi.fn(async () => false) });
    expect(await recheckCompany(message, 0, d)).toMatchObject({ health: 'warnings', previous: 'clean', alerted: false });
    expect(d.claimFeedAlert).toHaveBeenCalledWith('c1', 'new-check', new Date('2026-11-24T03:00:06.000Z'));
    expect(d.sendMail).not.toHaveBeenCalled();
  });

  it('mails the whole regression: company, kind, times, link, and the warnings counted', async () => {
    const two = check({ status: 'done', finishedAt: '2026-11-24T03:04:05.000Z', result: { errors: { invalidPrice: [], zeroPrice: [] }, stats: { numOrders: { total: 12 } } } as unknown as FeedCheckRecord['result'] });
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'warnings', { runFeedCheck: vi.fn(async () => two) });
    await recheckCompany(message, 0, d);
    expect(d.sendMail).toHaveBeenCalledWith({
      to: 'team@portal.test',
      template: 'feed-regression',
      data: {
        company_name: 'Shop',
        feed_kind: 'order',
        problem_short: 'has warnings',
        problem: 'now has 2 warnings',
        details: 'Warnings: invalidPrice, zeroPrice',
        checked_at: '2026-11-24 03:04 UTC',
        previous_at: '2026-11-23 03:00 UTC',
        url_integration: 'https://portal.test/crm/order-feed',
      },
    });
  });

  it('mails one warning as "a warning", and a failure with its reason', async () => {
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'warnings');
    await recheckCompany(message, 0, d);
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ problem: 'now has a warning' }) }));
    const failed = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'failed');
    await recheckCompany(message, 0, failed);
    expect(failed.sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        data: expect.objectContaining({ problem_short: 'cannot be checked', problem: 'can no longer be fetched or read', details: 'Reason: The server answered HTTP 404 (status)' }),
      }),
    );
  });

  it('a redelivered failure line without its reason is mailed as unknown', async () => {
    const mine = { ...entry('failed', '2026-11-24T03:00:05.000Z', 'daily', 'mine'), failure: null };
    const d = deps([mine, entry('clean', '2026-11-23T03:00:00.000Z')], 'failed');
    await recheckCompany(message, 0, d);
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ details: 'Reason: unknown (failed)', checked_at: '2026-11-24 03:00 UTC' }) }));
  });

  it('records a check without a finish time at the current time, with its orders and warning keys', async () => {
    const unfinished = { ...finished('warnings'), finishedAt: null };
    const d = deps([entry('clean', '2026-11-23T03:00:00.000Z')], 'warnings', { runFeedCheck: vi.fn(async () => unfinished) });
    await recheckCompany(message, 0, d);
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ checked_at: '2026-11-24 03:00 UTC', details: 'Warnings: invalidPrice' }) }));
  });
});

describe('recheck helpers at their edges', () => {
  it.each([
    [{ companyId: 'c'.repeat(64), runAt }, true],
    [{ companyId: 'c'.repeat(65), runAt }, false],
    [{ companyId: '', runAt }, false],
    [{ companyId: 'c1', runAt: '' }, false],
    // Any date Date.parse reads, up to 40 characters.
    [{ companyId: 'c1', runAt: 'November 24, 2026 03:00:00.000 GMT+00:00' }, true],
    [{ companyId: 'c1', runAt: 'November 24, 2026 03:00:00.0000 GMT+00:00' }, false],
    [{ companyId: 'c1', runAt: 12 }, false],
    [{ companyId: ['c1'], runAt }, false],
    [{ companyId: 'c1', runAt: [runAt] }, false],
  ])('message %j is read: %s', (value, ok) => {
    expect(parseRecheckMessage(JSON.stringify(value))).toEqual(ok ? value : null);
  });

  it('keeps only the two fields of a message', () => {
    expect(parseRecheckMessage(JSON.stringify({ companyId: 'c1', runAt, extra: 1 }))).toEqual({ companyId: 'c1', runAt });
  });

  it('reads a URL it cannot parse, or one whose last check was of another URL, by its extension or as XML', () => {
    expect(recheckFormat('not a url.csv', null)).toBe('xml');
    expect(recheckFormat('https://shop.example/orders.csv', check({ type: 'xml', source: { kind: 'url', url: 'https://shop.example/other.csv' } }))).toBe('csv');
    // The last check of the same URL is compared without its credentials.
    expect(recheckFormat('sftp://u:secret@shop.example/feed', check({ type: 'csv', source: { kind: 'url', url: 'sftp://shop.example/feed' } }))).toBe('csv');
  });
});

describe('recheckCompany: same-day retries', () => {
  const unavailable = { code: 'status', message: 'The server answered HTTP 503', httpStatus: 503 };
  const tryOf = (attempt: number, date: string, failure: FeedHistoryEntry['failure'] = unavailable): FeedHistoryEntry => ({ ...entry('failed', date), failure, runAt, attempt });
  const failing503 = check({ status: 'failed', finishedAt: '2026-11-24T03:00:05.000Z', failure: unavailable });
  const yesterday = entry('clean', '2026-11-23T03:00:00.000Z');

  it('a fetch that failed for a passing reason waits for its retry: no team mail yet, the retry time answered', async () => {
    const d = deps([yesterday], 'failed', { runFeedCheck: vi.fn(async () => failing503) });
    expect(await recheckCompany({ companyId: 'c1', runAt }, 0, d)).toMatchObject({ health: 'failed', previous: 'clean', alerted: false, attempt: 0, retryAt: '2026-11-24T04:00:05.000Z' });
    expect(d.sendMail).not.toHaveBeenCalled();
  });

  it('a retry runs as the run\'s next try, compared with the line before the run; the last one failing mails the team', async () => {
    const d = deps([tryOf(1, '2026-11-24T04:00:05.000Z'), tryOf(0, '2026-11-24T03:00:05.000Z'), yesterday], 'failed', { runFeedCheck: vi.fn(async () => failing503) });
    expect(await recheckCompany({ companyId: 'c1', runAt, attempt: 2 }, 0, d)).toMatchObject({ health: 'failed', previous: 'clean', alerted: true, attempt: 2, retryAt: null });
    expect(d.runFeedCheck).toHaveBeenCalledWith(company, expect.anything(), expect.objectContaining({ dailyRun: { runAt, attempt: 2 } }));
    expect(d.sendMail).toHaveBeenCalledTimes(1);
  });

  it('the day before\'s run (its lines carry their runAt) is the line before this run, not one of its tries', async () => {
    const dayBefore = { ...entry('clean', '2026-11-23T03:00:05.000Z'), runAt: '2026-11-23T03:00:00.000Z', attempt: 0 };
    const d = deps([dayBefore], 'failed', { runFeedCheck: vi.fn(async () => failing503) });
    expect(await recheckCompany({ companyId: 'c1', runAt }, 0, d)).toMatchObject({ health: 'failed', previous: 'clean', attempt: 0, retryAt: '2026-11-24T04:00:05.000Z' });
    expect(d.runFeedCheck).toHaveBeenCalledTimes(1);
  });

  it('a retry delivered again after its try is stored does not run twice', async () => {
    const d = deps([tryOf(1, '2026-11-24T04:00:05.000Z'), tryOf(0, '2026-11-24T03:00:05.000Z'), yesterday], 'failed');
    expect(await recheckCompany({ companyId: 'c1', runAt, attempt: 1 }, 0, d)).toMatchObject({ outcome: 'checked', attempt: 1, retryAt: '2026-11-24T08:00:05.000Z' });
    expect(d.openFeedCheck).not.toHaveBeenCalled();
    expect(d.runFeedCheck).not.toHaveBeenCalled();
  });

  it('a retry after another check (the customer\'s, the next day\'s run) or of a try that will not pass is dropped', async () => {
    const manual = entry('clean', '2026-11-24T03:30:00.000Z', 'manual');
    const nextDay = { ...entry('clean', '2026-11-25T03:00:05.000Z'), runAt: '2026-11-25T03:00:00.000Z', attempt: 0 };
    const notFound = tryOf(0, '2026-11-24T03:00:05.000Z', { code: 'status', message: 'HTTP 404', httpStatus: 404 });
    for (const history of [[manual, tryOf(0, '2026-11-24T03:00:05.000Z')], [nextDay, tryOf(0, '2026-11-24T03:00:05.000Z')], [notFound], []]) {
      const d = deps(history, 'clean');
      expect(await recheckCompany({ companyId: 'c1', runAt, attempt: 1 }, 0, d)).toMatchObject({ outcome: 'skipped', reason: 'superseded' });
      expect(d.runFeedCheck).not.toHaveBeenCalled();
    }
  });

  it('reads a retry\'s message, and refuses a try number out of range', () => {
    expect(parseRecheckMessage(JSON.stringify({ companyId: 'c1', runAt, attempt: 2 }))).toEqual({ companyId: 'c1', runAt, attempt: 2 });
    for (const attempt of [0, 3, 1.5, '1']) expect(parseRecheckMessage(JSON.stringify({ companyId: 'c1', runAt, attempt }))).toBeNull();
  });
});
