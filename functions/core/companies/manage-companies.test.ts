import { describe, expect, it } from 'vitest';
import { ViewIdTakenError, type CompanyRecord } from '../../data/companies';
import { companyChanges, createCompanyAsAdmin, nextSteps, updateCompanyAsAdmin, updateCurrentCompany, type CompanyAdminDeps } from './manage-companies';
import { statusReport } from './status-report';
import { toCompany } from '../users/views';

const record: CompanyRecord = {
  id: 'c', name: 'Acme', product: '360', country: 'FR', viewId: '12', dimensionIndex: null, orderFeedUrl: null,
  integrationSteps: ['google_analytics', 'sources', 'collector'], isDefault: false, created: '2026-01-01T00:00:00.000Z', version: 3,
};

describe('companyChanges', () => {
  it('keeps only what differs, empty text meaning none', () => {
    expect(companyChanges(record, { name: ' Acme ', viewId: '12', dimensionIndex: '', country: 'RU' })).toEqual({ country: 'RU' });
    expect(companyChanges(record, { viewId: '' })).toEqual({ viewId: null });
    expect(companyChanges(record, { integrationSteps: ['collector', 'sources', 'google_analytics'] })).toEqual({});
  });

  it('drops the pinned SFTP host key when the feed URL moves to another server, keeps it on the same one', () => {
    const pinned = { ...record, orderFeedUrl: 'sftp://u:p@feeds.example/a.xml', orderFeedHostKey: 'SHA256:k' };
    expect(companyChanges(pinned, { orderFeedUrl: 'sftp://v:q@FEEDS.example:22/b.xml' })).toEqual({ orderFeedUrl: 'sftp://v:q@FEEDS.example:22/b.xml' });
    for (const url of ['sftp://u:p@feeds.example:2222/a.xml', 'sftp://u:p@other.example/a.xml', 'https://feeds.example/a.xml', '']) {
      expect(companyChanges(pinned, { orderFeedUrl: url }), url).toEqual({ orderFeedUrl: url || null, orderFeedHostKey: null });
    }
    expect(companyChanges(pinned, { name: 'Other' })).toEqual({ name: 'Other' });
  });

  it('the feed URL as answered (credentials left out) sent back keeps the stored one; another one replaces it', () => {
    const stored = { ...record, orderFeedUrl: 'sftp://shop:Secret-1@feeds.example/a.xml' };
    expect(toCompany(stored).orderFeedUrl).toBe('sftp://feeds.example/a.xml');
    expect(companyChanges(stored, { orderFeedUrl: 'sftp://feeds.example/a.xml' })).toEqual({});
    expect(companyChanges(stored, { orderFeedUrl: 'sftp://feeds.example/b.xml' })).toEqual({ orderFeedUrl: 'sftp://feeds.example/b.xml' });
    expect(companyChanges(stored, { orderFeedUrl: 'sftp://shop:Other-2@feeds.example/a.xml' })).toEqual({ orderFeedUrl: 'sftp://shop:Other-2@feeds.example/a.xml' });
  });
});

describe('a View ID another company holds (the data layer refuses it)', () => {
  const taken = async (): Promise<never> => {
    throw new ViewIdTakenError();
  };
  const deps: CompanyAdminDeps = { listCompanies: async () => [], getCompany: async () => record, createCompany: taken, updateCompany: taken, setAnalyticsFields: taken };
  it('is a 400 on viewId for the admin create and edit and the legacy update', async () => {
    const refusals = [
      createCompanyAsAdmin({ name: 'New', product: '360', country: 'FR', viewId: '99', integrationSteps: ['sources'] }, deps),
      updateCompanyAsAdmin('c', { version: 3, viewId: '99' }, deps),
      updateCurrentCompany(record, { viewId: '99' }, deps),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ status: 400, code: 'validation', errors: { viewId: 'validation.analytics.viewIdTaken' } });
  });
});

describe('nextSteps', () => {
  it('keeps the order of kept steps, appends new ones, analytics first', () => {
    expect(nextSteps(['google_analytics', 'sources', 'collector'], ['collector', 'matomo_analytics', 'status_feed'])).toEqual([
      'matomo_analytics', 'collector', 'status_feed',
    ]);
  });
});

describe('statusReport', () => {
  it('joins names, sorts by company then step order, drops steps of unlisted companies', async () => {
    const rows = await statusReport({
      listCompanies: async () => [record, { ...record, id: 'b', name: 'Beta', integrationSteps: ['sources'] }],
      listAllSteps: async () => [
        { companyId: 'b', stepType: 'sources', status: 'done', updated: '2026-02-01T00:00:00.000Z', version: 2 },
        { companyId: 'c', stepType: 'sources', status: 'TBD', updated: null, version: 1 },
        { companyId: 'c', stepType: 'google_analytics', status: 'TBD', updated: null, version: 1 },
        { companyId: 'gone', stepType: 'sources', status: 'TBD', updated: null, version: 1 },
      ],
      healthOf: async (ids) => {
        expect(ids).toEqual(['c', 'b']);
        const at = '2026-02-01T03:00:00.000Z';
        return new Map([['b', { feed: { status: 'healthy', checkedAt: at }, 'analytics-access': { status: 'warning', checkedAt: at }, 'utm-linking': { status: 'unknown', checkedAt: at } }]]);
      },
    });
    expect(rows.map((r) => `${r.companyName}/${r.stepType}`)).toEqual(['Acme/google_analytics', 'Acme/sources', 'Beta/sources']);
    // The company's worst known kind; never checked: unknown.
    expect(rows.map((r) => r.health)).toEqual(['unknown', 'unknown', 'warning']);
  });
});
