import { describe, expect, it } from 'vitest';
import { lastAnalyticsChecks, recordAnalyticsCheck } from './analytics-checks';
import { claimFeedAlert, listCompanyIdsToRecheck, releaseFeedAlert } from './feed-recheck';
import { feedUploadKey, isFeedUploadKeyOf } from './feed-uploads';
import { keys } from './keys';
import { deleteMailSuppression, getMailSuppression, putMailSuppression } from './mail-suppressions';
import { failNext, readsOf, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

/** The small repositories: analytics checks, the daily re-check's reads and markers, mail suppressions, upload keys. */

const table = useTestTable();

describe('last analytics checks', () => {
  it('one item per kind, overwritten by each check; none until the first', async () => {
    const companyId = uid();
    expect(await lastAnalyticsChecks(companyId)).toEqual({ access: null, dimension: null });
    const access = { ok: true } as never;
    await recordAnalyticsCheck(companyId, { kind: 'access', result: access }, 't1');
    expect(await table.item(keys.lastAnalyticsCheck(companyId, 'access'))).toEqual({ pk: `COMPANY#${companyId}`, sk: 'GACHECK#access', companyId, kind: 'access', result: { ok: true }, at: 't1' });
    expect(await lastAnalyticsChecks(companyId)).toEqual({ access: { at: 't1', result: { ok: true } }, dimension: null });
    await recordAnalyticsCheck(companyId, { kind: 'dimension', result: { found: 3 } as never }, 't2');
    await recordAnalyticsCheck(companyId, { kind: 'access', result: { ok: false } as never }, 't3');
    expect(await lastAnalyticsChecks(companyId)).toEqual({ access: { at: 't3', result: { ok: false } }, dimension: { at: 't2', result: { found: 3 } } });
    // Other items of the partition are not checks.
    await table.put({ ...keys.step(companyId, 'sources'), kind: 'access', at: 'no' });
    expect((await lastAnalyticsChecks(companyId)).access?.at).toBe('t3');
    expect(await lastAnalyticsChecks(uid())).toEqual({ access: null, dimension: null });
  });
});

describe('the daily re-check', () => {
  it('visits the companies with a feed URL or a View ID (strings, not empty), not those being deleted', async () => {
    await table.alone(async () => {
      const company = async (fields: Record<string, unknown>) => {
        const id = uid();
        await table.put({ ...keys.company(id), gsi1pk: 'COMPANIES', gsi1sk: `n ${id}`, id, ...fields });
        return id;
      };
      const feed = await company({ orderFeedUrl: 'https://f', viewId: null });
      const view = await company({ viewId: '123', orderFeedUrl: '' });
      const both = await company({ viewId: '1', orderFeedUrl: 'sftp://x' });
      await company({ viewId: null, orderFeedUrl: null });
      await company({ viewId: '', orderFeedUrl: '' });
      await company({ viewId: 42 });
      await company({ orderFeedUrl: 'https://f', deletingAt: 'now' });
      await table.put({ ...keys.company(uid()), gsi1pk: 'COMPANIES', gsi1sk: 'no id', orderFeedUrl: 'https://f' });
      expect((await listCompanyIdsToRecheck()).sort()).toEqual([feed, view, both].sort());
      // Only the ids come back (a page holds ~1 MB of companies read, a few bytes each answered).
      expect(await readsOf(() => listCompanyIdsToRecheck())).toEqual([{ command: 'QueryCommand', consistent: false, projection: 'id' }]);
    });
  });

  it('claims the right to mail about one regression once (30 days), and gives it back when the mail failed', async () => {
    const companyId = uid();
    const at = new Date('2026-05-01T12:00:00.000Z');
    expect(await claimFeedAlert(companyId, 'check-1', at)).toBe(true);
    expect(await table.item(keys.feedAlert(companyId, 'check-1'))).toEqual({
      pk: `COMPANY#${companyId}`,
      sk: 'FEEDALERT#check-1',
      mailedAt: '2026-05-01T12:00:00.000Z',
      expiresAt: Math.floor(at.getTime() / 1000) + 30 * 86_400,
    });
    expect(await claimFeedAlert(companyId, 'check-1', new Date())).toBe(false);
    expect(await claimFeedAlert(companyId, 'check-2', at)).toBe(true);
    await releaseFeedAlert(companyId, 'check-1');
    expect(await claimFeedAlert(companyId, 'check-1', at)).toBe(true);
    await under(failNext('PutItemCommand'), async () => {
      await expect(claimFeedAlert(companyId, 'check-3', at)).rejects.toMatchObject({ name: 'TimeoutError' });
    });
  });
});

describe('mail suppressions', () => {
  it('one item per address (any case), the latest report overwriting, deleted on demand', async () => {
    const address = `${uid()}@Example.test`;
    expect(await getMailSuppression(address)).toBeNull();
    const bounce = { address: address.toLowerCase(), type: 'bounce' as const, reason: 'Permanent: General', at: '2026-01-01T00:00:00.000Z' };
    await putMailSuppression(bounce);
    expect(await table.item(keys.mailSuppression(address))).toEqual({ pk: `SUPPRESSED#${address.toLowerCase()}`, sk: 'SUPPRESSED', ...bounce });
    expect(await getMailSuppression(address.toUpperCase())).toEqual(bounce);
    const complaint = { ...bounce, type: 'complaint' as const, reason: 'abuse' };
    await putMailSuppression(complaint);
    expect(await getMailSuppression(address)).toEqual(complaint);
    const of = { id: uid(), companyId: 'c1' };
    expect(await deleteMailSuppression(` ${address}`, of)).toBe(true);
    expect(await deleteMailSuppression(address, of)).toBe(false);
    // The lift is the user's audit record (what was lifted), written once.
    expect(await table.partition(`AUDIT#user#${of.id}`)).toEqual([expect.objectContaining({ action: 'update', before: { mailSuppression: 'complaint' }, after: {} })]);
    expect(await getMailSuppression(address)).toBeNull();
  });
});

describe('feed upload keys', () => {
  it("exactly the ticket's shape under this company's prefix", () => {
    const id = uid();
    expect(feedUploadKey('c1', id, 'xml')).toBe(`feeds/c1/${id}.xml`);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/${id}.xml`)).toBe(true);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/${id}.csv`)).toBe(true);
    expect(isFeedUploadKeyOf('c2', `feeds/c1/${id}.csv`)).toBe(false);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/${id}.json`)).toBe(false);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/${id.toUpperCase()}.csv`)).toBe(false);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/x${id}.csv`)).toBe(false);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/${id}.csvx`)).toBe(false);
    expect(isFeedUploadKeyOf('c1', `feeds/c1/../c2/${id}.csv`)).toBe(false);
    expect(isFeedUploadKeyOf('c1', `x/feeds/c1/${id}.csv`)).toBe(false);
    expect(isFeedUploadKeyOf('c', `feeds/c1/${id}.csv`)).toBe(false);
  });
});
