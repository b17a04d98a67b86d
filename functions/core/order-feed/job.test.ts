import { describe, expect, it, vi } from 'vitest';
import { FEED_UPLOAD_EXPIRY_SECONDS, FEED_UPLOAD_MAX_BYTES } from '../../../shared/domain/order-feed';
import type { CompanyRecord } from '../../data/companies';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { currentActor } from '../../platform/actor';
import { runFeedCheckJob, type JobDeps } from './job';
import { createUploadTicket, uploadPolicy } from './upload-ticket';

const company = { id: 'c1', name: 'Acme' } as CompanyRecord;
const check = (over: Partial<FeedCheckRecord> = {}) => ({ id: 'k1', companyId: 'c1', status: 'queued', ...over }) as FeedCheckRecord;

function fakeDeps(over: Partial<JobDeps> = {}) {
  return {
    getCompany: vi.fn(async (id: string) => (id === 'c1' ? company : null)),
    getFeedCheck: vi.fn(async (companyId: string, id: string) => (companyId === 'c1' && id === 'k1' ? check() : null)),
    runFeedCheck: vi.fn(async (_company: CompanyRecord, record: FeedCheckRecord) => ({ ...record, status: 'done' as const })),
    getUser: vi.fn(async (id: string) => (id === 'u1' ? { id: 'u1', login: 'ann@acme.test', roles: ['ROLE_USER' as const] } : null)),
    ...over,
  } satisfies JobDeps;
}

describe('runFeedCheckJob', () => {
  it('records what the check changes as the user who started it, and the daily re-check\'s as the system\'s', async () => {
    const seen: string[] = [];
    const runFeedCheck = vi.fn(async (_company: CompanyRecord, record: FeedCheckRecord) => {
      seen.push(currentActor().login);
      return { ...record, status: 'done' as const };
    });
    await runFeedCheckJob({ companyId: 'c1', checkId: 'k1' }, 1, fakeDeps({ runFeedCheck, getFeedCheck: vi.fn(async () => check({ startedBy: 'u1' })) }));
    await runFeedCheckJob({ companyId: 'c1', checkId: 'k1' }, 1, fakeDeps({ runFeedCheck, getFeedCheck: vi.fn(async () => check({ startedBy: 'daily' })) }));
    await runFeedCheckJob({ companyId: 'c1', checkId: 'k1' }, 1, fakeDeps({ runFeedCheck, getFeedCheck: vi.fn(async () => check({ startedBy: 'gone' })) }));
    expect(seen).toEqual(['ann@acme.test', 'system', 'system']);
  });

  it('runs the company\'s own check until the deadline and answers its end status', async () => {
    const deps = fakeDeps();
    expect(await runFeedCheckJob({ companyId: 'c1', checkId: 'k1' }, 12345, deps)).toEqual({ outcome: 'done' });
    expect(deps.getFeedCheck).toHaveBeenCalledWith('c1', 'k1');
    expect(deps.runFeedCheck).toHaveBeenCalledWith(company, check(), { deadline: 12345 });
  });

  it('hands a URL check its URL with the credentials, which only the record keeps', async () => {
    const withUrl = check({ fetchUrl: 'sftp://u:secret@feeds.example/o.xml' } as Partial<FeedCheckRecord>);
    const deps = fakeDeps({ getFeedCheck: vi.fn(async () => withUrl) });
    await runFeedCheckJob({ companyId: 'c1', checkId: 'k1' }, 1, deps);
    expect(deps.runFeedCheck).toHaveBeenCalledWith(company, withUrl, { deadline: 1, feedUrl: 'sftp://u:secret@feeds.example/o.xml' });
  });

  it.each([
    [null],
    [{}],
    [{ companyId: 'c1' }],
    [{ checkId: 'k1' }],
    [{ companyId: '', checkId: 'k1' }],
    [{ companyId: 'c1', checkId: '' }],
    [{ companyId: 'c'.repeat(65), checkId: 'k1' }],
    [{ companyId: 'c1', checkId: 'k'.repeat(65) }],
    [{ companyId: 7, checkId: 'k1' }],
  ])('refuses the payload %j without reading anything', async (event) => {
    const deps = fakeDeps();
    expect(await runFeedCheckJob(event, 1, deps)).toEqual({ outcome: 'invalid' });
    expect(deps.getCompany).not.toHaveBeenCalled();
  });

  it('takes ids of up to 64 characters', async () => {
    const deps = fakeDeps({ getCompany: vi.fn(async () => null) });
    expect(await runFeedCheckJob({ companyId: 'c'.repeat(64), checkId: 'k'.repeat(64) }, 1, deps)).toEqual({ outcome: 'not-found' });
    expect(deps.getCompany).toHaveBeenCalledWith('c'.repeat(64));
  });

  it('a company gone, or a check id that is not the company\'s, is not found and not run', async () => {
    for (const event of [{ companyId: 'gone', checkId: 'k1' }, { companyId: 'c1', checkId: 'k-of-c2' }]) {
      const deps = fakeDeps();
      expect(await runFeedCheckJob(event, 1, deps)).toEqual({ outcome: 'not-found' });
      expect(deps.runFeedCheck).not.toHaveBeenCalled();
    }
  });
});

describe('upload tickets', () => {
  const presign = vi.fn(async (input: { key: string }) => ({ url: 'https://bucket.example/', fields: { key: input.key } }));
  const deps = { now: () => new Date('2026-11-24T10:00:00.000Z'), newId: () => '0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f', presign };

  it('signs one key under the company\'s prefix, for the declared size and the format\'s content type', async () => {
    const ticket = await createUploadTicket('c1', { fileName: 'été.csv', size: 1234, type: 'csv' }, deps);
    expect(presign).toHaveBeenLastCalledWith({ key: 'feeds/c1/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.csv', contentType: 'text/csv', fileName: 'été.csv', maxBytes: 1234 });
    expect(ticket).toEqual({
      url: 'https://bucket.example/',
      fields: { key: 'feeds/c1/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.csv' },
      key: 'feeds/c1/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.csv',
      maxBytes: 1234,
      expiresAt: new Date(Date.parse('2026-11-24T10:00:00.000Z') + FEED_UPLOAD_EXPIRY_SECONDS * 1000).toISOString(),
    });
    await createUploadTicket('c1', { fileName: 'f.xml', size: FEED_UPLOAD_MAX_BYTES + 5, type: 'xml' }, deps);
    expect(presign).toHaveBeenLastCalledWith(expect.objectContaining({ contentType: 'application/xml', maxBytes: FEED_UPLOAD_MAX_BYTES, key: expect.stringMatching(/\.xml$/) }));
  });

  it('the policy holds the key, the content type and the size range, and keeps the file name encoded', () => {
    expect(uploadPolicy({ key: 'feeds/c1/k.csv', contentType: 'text/csv', fileName: 'été 1.csv', maxBytes: 99 })).toEqual({
      key: 'feeds/c1/k.csv',
      fields: { 'Content-Type': 'text/csv', 'x-amz-meta-filename': '%C3%A9t%C3%A9%201.csv' },
      conditions: [
        ['content-length-range', 1, 99],
        ['eq', '$Content-Type', 'text/csv'],
      ],
      expiresSeconds: FEED_UPLOAD_EXPIRY_SECONDS,
    });
  });
});
