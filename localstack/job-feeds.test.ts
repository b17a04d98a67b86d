import { describe, expect, it } from 'vitest';
import { describeRun } from './job-feeds';
import type { LocalFeedRecheckRun } from './feed-recheck-local';

const health = { statuses: { feed: 'unknown', 'analytics-access': 'failing' }, mailed: [], recipients: 0 };

describe('npm run job:feeds: its account of the run', () => {
  it('counts what was dispatched as it was (feed URL or View ID), and says why a feed was not checked while its health was', () => {
    const run = {
      runAt: '2026-11-28T04:00:00.000Z',
      companies: 3,
      local: {
        handled: 3,
        failedDeliveries: 1,
        deadLettered: [],
        outcomes: [
          { companyId: 'c1', companyName: 'Acme', outcome: 'skipped', reason: 'no-feed-url', dataHealth: health },
          { companyId: 'c2', companyName: 'Globex', outcome: 'checked', checkId: 'k', health: 'warnings', previous: 'clean', alerted: true, dataHealth: { ...health, mailed: [{ kind: 'analytics-access' }], recipients: 2 } },
          { companyId: 'c3', outcome: 'skipped', reason: 'no-company' },
        ],
      },
    } as unknown as LocalFeedRecheckRun;
    expect(describeRun(run)).toEqual([
      'Daily re-check at 2026-11-28T04:00:00.000Z: 3 companies with a feed URL or a View ID',
      '  Acme (c1): feed not checked (no feed URL stored); data health: feed unknown, analytics-access failing, no new alert: nobody mailed',
      '  Globex (c2): feed checked: clean -> warnings (team mailed); data health: feed unknown, analytics-access failing, 2 users mailed about analytics-access',
      '  (unknown company) (c3): feed not checked (the company no longer exists)',
      '3 messages handled, 1 failed delivery, 0 dead-lettered',
    ]);
  });

  it('one company, one message: singular words', () => {
    const run = { runAt: 't', companies: 1, local: { handled: 1, failedDeliveries: 0, deadLettered: [], outcomes: [] } } as unknown as LocalFeedRecheckRun;
    expect(describeRun(run)).toEqual(['Daily re-check at t: 1 company with a feed URL or a View ID', '1 message handled, 0 failed deliveries, 0 dead-lettered']);
  });
});
