import { describe, expect, it } from 'vitest';
import type { FeedHistoryEntry } from '../../../shared/domain/order-feed';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { NotFoundError } from '../../platform/errors';
import { feedCsvLink, type LinkDeps } from './csv-file-link';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const file = { rows: 3, bytes: 40 };
const line = (finished: string): FeedHistoryEntry => ({
  checkId: 'k1',
  date: finished,
  trigger: 'daily',
  health: 'clean',
  orders: 10,
  warningKeys: [],
  failure: null,
  match: { day: '2026-11-23', inFeed: 10, found: 7, missing: 3, callCentre: 0, missingIds: file },
});

function deps(over: { history?: FeedHistoryEntry[]; check?: Partial<FeedCheckRecord> | null } = {}): LinkDeps & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    getFeedCheck: async () => (over.check === null ? null : ({ id: 'k1', finishedAt: '2026-11-24T03:00:00.000Z', failingRows: file, ...over.check } as FeedCheckRecord)),
    listFeedHistory: async () => over.history ?? [line('2026-11-24T03:00:00.000Z')],
    presign: async (key, _now, seconds) => {
      asked.push(key);
      return `https://s3.test/${key}?expires=${seconds}`;
    },
    now: () => NOW,
  };
}

describe('feedCsvLink', () => {
  it('signs a 5-minute link to the file of the company’s own check', async () => {
    const d = deps();
    expect(await feedCsvLink('c1', 'missing-ids', 'k1', d)).toEqual({ url: 'https://s3.test/feeds/c1/missing-ids/k1.csv?expires=300', expiresAt: '2026-11-24T10:05:00.000Z' });
    expect((await feedCsvLink('c1', 'failing-rows', 'k1', d)).url).toContain('feeds/c1/failing-rows/k1.csv');
  });

  it('refuses a check without the file, an unknown id, and a file older than the bucket keeps it', async () => {
    const without = { ...line('2026-11-24T03:00:00.000Z'), match: { ...line('').match!, missingIds: undefined } };
    await expect(feedCsvLink('c1', 'missing-ids', 'k1', deps({ history: [without] }))).rejects.toThrow(NotFoundError);
    await expect(feedCsvLink('c1', 'missing-ids', 'other', deps())).rejects.toThrow('This check has no missing order ids to download');
    await expect(feedCsvLink('c1', 'failing-rows', 'k1', deps({ check: null }))).rejects.toThrow('This check has no failing rows to download');
    // Two days after the check the bucket's lifecycle rule may have removed it: no link to a 404 of S3's.
    const old = deps({ history: [line('2026-11-22T09:59:59.000Z')], check: { finishedAt: '2026-11-22T09:59:59.000Z' } });
    await expect(feedCsvLink('c1', 'missing-ids', 'k1', old)).rejects.toThrow(NotFoundError);
    await expect(feedCsvLink('c1', 'failing-rows', 'k1', old)).rejects.toThrow(NotFoundError);
    expect(old.asked).toEqual([]);
    const fresh = deps({ history: [line('2026-11-22T10:00:01.000Z')] });
    expect((await feedCsvLink('c1', 'missing-ids', 'k1', fresh)).url).toContain('missing-ids');
  });
});
