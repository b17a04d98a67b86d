import { describe, expect, it, vi } from 'vitest';
import { ViewIdTakenError, type CompanyRecord } from '../../data/companies';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { companyChanges, createCompanyAsAdmin, getCompanyAdmin, listCompaniesAdmin, nextSteps, updateCompanyAsAdmin, updateCurrentCompany, type CompanyAdminDeps } from './manage-companies';
import { statusReport, type StatusReportDeps } from './status-report';
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
  const deps: CompanyAdminDeps = { listCompaniesPage: async () => ({ companies: [], next: null }), reindexUsersOf: async () => undefined, getCompany: async () => record, createCompany: taken, updateCompany: taken, setAnalyticsFields: taken, viewOwners: async () => [] };
  it('is a 400 on viewId for the admin create and edit and the legacy update', async () => {
    const refusals = [
      createCompanyAsAdmin({ name: 'New', product: '360', country: 'FR', viewId: '99', integrationSteps: ['sources'] }, deps),
      updateCompanyAsAdmin('c', { version: 3, viewId: '99' }, deps),
      updateCurrentCompany({ ...record, viewId: null }, { viewId: '99' }, 'ROLE_USER', deps),
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
  const steps = [
    { companyId: 'b', stepType: 'sources', status: 'done', updated: '2026-02-01T00:00:00.000Z', version: 2 },
    { companyId: 'c', stepType: 'google_analytics', status: 'TBD', updated: null, version: 1 },
    { companyId: 'gone', stepType: 'sources', status: 'TBD', updated: null, version: 1 },
  ] as const;
  const deps = (over: Partial<StatusReportDeps> = {}): StatusReportDeps => ({
    reportPage: vi.fn(async () => ({ steps: steps.map(({ companyId, stepType }) => ({ companyId, stepType })), next: 'n1' })),
    getSteps: vi.fn(async () => steps.map((step) => ({ ...step }))),
    getCompanies: async () => [record, { ...record, id: 'b', name: 'Beta', integrationSteps: ['sources'] }],
    listSteps: vi.fn(async () => []),
    healthOf: async (ids) => {
      expect(ids).toEqual(['b', 'c', 'gone']);
      const at = '2026-02-01T03:00:00.000Z';
      return new Map([['b', { kinds: { feed: { status: 'healthy', checkedAt: at }, 'analytics-access': { status: 'warning', checkedAt: at }, 'utm-linking': { status: 'unknown', checkedAt: at } }, mutes: {} }]]);
    },
    ...over,
  });

  it('answers the page of rows in the order of the list, joined with names and health, steps of gone companies left out', async () => {
    const d = deps();
    const page = await statusReport({ sort: 'status', dir: 'desc', q: ' Acme ', completed: 'hidden', health: 'first', step: 'sources', status: 'TBD', cursor: 'abc', limit: '10' }, d);
    expect(d.reportPage).toHaveBeenCalledWith(
      { sort: 'status', dir: 'desc', search: ' Acme ', failingFirst: true, hide: 'done', where: { stepType: 'sources', status: 'TBD' } },
      'abc',
      10,
    );
    expect(page.next).toBe('n1');
    expect(page.rows.map((r) => `${r.companyName}/${r.stepType}/${r.health}`)).toEqual(['Beta/sources/warning', 'Acme/google_analytics/unknown']);
  });

  it('asks the first page of 50 by company, everything shown, by default; refuses a search over 128 characters', async () => {
    const d = deps();
    await statusReport({}, d);
    expect(d.reportPage).toHaveBeenCalledWith({ sort: 'company', dir: 'asc', search: undefined, failingFirst: false }, null, 50);
    await expect(statusReport({ q: 'x'.repeat(129) }, d)).rejects.toMatchObject({ status: 400, errors: { q: 'validation.search.tooLong' } });
    await expect(statusReport({ sort: 'health' }, d)).rejects.toMatchObject({ status: 400 });
  });
});

describe('companyChanges field by field', () => {
  it.each([
    [{ name: ' Acme ' }, {}],
    [{ name: ' Acme Two ' }, { name: 'Acme Two' }],
    [{ product: '360' }, {}],
    [{ product: 'affiliate' }, { product: 'affiliate' }],
    [{ country: 'FR' }, {}],
    [{ country: 'GB' }, { country: 'GB' }],
    [{ viewId: ' 12 ' }, {}],
    [{ viewId: '  ' }, { viewId: null }],
    [{ dimensionIndex: '4' }, { dimensionIndex: '4' }],
    [{ dimensionIndex: null }, {}],
    [{ orderFeedUrl: 'https://shop.example/f.xml' }, { orderFeedUrl: 'https://shop.example/f.xml' }],
    [{ matchThreshold: 20 }, {}],
    [{ matchThreshold: 35 }, { matchThreshold: 35 }],
    [{ volumeDropThreshold: 50 }, {}],
    [{ volumeDropThreshold: 30 }, { volumeDropThreshold: 30 }],
    [{ integrationSteps: ['google_analytics', 'sources', 'collector'] }, {}],
    [{ integrationSteps: ['sources', 'collector'] }, { integrationSteps: ['sources', 'collector'] }],
    [{ integrationSteps: ['google_analytics', 'sources', 'collector', 'status_feed'] }, { integrationSteps: ['google_analytics', 'sources', 'collector', 'status_feed'] }],
  ] as const)('%j -> %j', (input, changes) => {
    expect(companyChanges(record, input as never)).toEqual(changes);
  });

  it('a company without steps gets the wanted ones', () => {
    expect(companyChanges({ ...record, integrationSteps: undefined } as unknown as CompanyRecord, { integrationSteps: ['sources'] })).toEqual({ integrationSteps: ['sources'] });
  });

  it('a feed URL set where none was stored, or cleared, is a change', () => {
    const stored = { ...record, orderFeedUrl: 'https://shop.example/f.xml' };
    expect(companyChanges(stored, { orderFeedUrl: '' })).toEqual({ orderFeedUrl: null });
    expect(companyChanges(stored, { orderFeedUrl: 'https://shop.example/f.xml' })).toEqual({});
  });
});

describe('the companies admin', () => {
  const store = (current: CompanyRecord | null = record) => ({
    listCompaniesPage: vi.fn(async () => ({ companies: [record, { ...record, id: 'z', name: 'Zeta' }], next: 'N' })),
    reindexUsersOf: vi.fn(async () => undefined),
    getCompany: vi.fn(async () => current),
    createCompany: vi.fn(async (input: Parameters<CompanyAdminDeps['createCompany']>[0]) => ({ ...record, ...input, id: 'new' }) as CompanyRecord),
    updateCompany: vi.fn(async (c: CompanyRecord, changes: object) => ({ ...c, ...changes, version: c.version + 1 })),
    setAnalyticsFields: vi.fn(async (c: CompanyRecord, fields: object) => ({ ...c, ...fields, version: c.version + 1 })),
    viewOwners: vi.fn(async (viewId: string) => (viewId === '77777' ? ['other'] : [])),
  });

  it('answers the page of the query asked, the next cursor, and one company by id', async () => {
    const d = store();
    const page = await listCompaniesAdmin({ q: 'ac', sort: 'viewId', dir: 'desc', limit: '5', cursor: 'c' }, d);
    expect(page.companies.map((c) => c.name)).toEqual(['Acme', 'Zeta']);
    expect(page.next).toBe('N');
    expect(d.listCompaniesPage).toHaveBeenCalledWith({ sort: 'viewId', dir: 'desc', search: 'ac' }, 'c', 5);
    await expect(listCompaniesAdmin({ sort: 'created' }, d)).rejects.toMatchObject({ errors: { sort: 'validation.invalid' } });
    expect((await getCompanyAdmin(record.id, d)).name).toBe('Acme');
    await expect(getCompanyAdmin(record.id, store(null))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a rename re-writes the list rows of the company\'s users, another edit does not', async () => {
    const d = store();
    await updateCompanyAsAdmin(record.id, { version: record.version, product: 'affiliate' }, d);
    expect(d.reindexUsersOf).not.toHaveBeenCalled();
    await updateCompanyAsAdmin(record.id, { version: record.version, name: 'Acme Two' }, d);
    expect(d.reindexUsersOf).toHaveBeenCalledWith('Acme');
  });

  it('creates with empty texts as none and the steps in their order', async () => {
    const d = store();
    await createCompanyAsAdmin({ name: 'New', product: '360', country: 'FR', viewId: ' ', dimensionIndex: ' 3 ', orderFeedUrl: '', integrationSteps: ['sources', 'google_analytics'] }, d);
    expect(d.createCompany).toHaveBeenCalledWith({ name: 'New', product: '360', country: 'FR', viewId: null, dimensionIndex: '3', orderFeedUrl: null, integrationSteps: ['google_analytics', 'sources'] });
  });

  it('edits on the version read; a missing company, a stale version or no change write nothing', async () => {
    await expect(updateCompanyAsAdmin('c', { version: 3, name: 'X' }, store(null))).rejects.toThrow(new NotFoundError('No such company'));
    const stale = store();
    await expect(updateCompanyAsAdmin('c', { version: 2, name: 'X' }, stale)).rejects.toBeInstanceOf(ConflictError);
    const same = store();
    expect(await updateCompanyAsAdmin('c', { version: 3, name: 'Acme' }, same)).toMatchObject({ name: 'Acme', version: 3 });
    for (const d of [stale, same]) expect(d.updateCompany).not.toHaveBeenCalled();
    const d = store();
    expect(await updateCompanyAsAdmin('c', { version: 3, name: 'Acme 2' }, d)).toMatchObject({ name: 'Acme 2', version: 4 });
    expect(d.updateCompany).toHaveBeenCalledWith(record, { name: 'Acme 2' });
  });

  it('the legacy update stores only what differs, each field on its own', async () => {
    const same = store();
    expect(await updateCurrentCompany(record, { viewId: '12' }, 'ROLE_USER', same)).toMatchObject({ viewId: '12', version: 3 });
    expect(same.setAnalyticsFields).not.toHaveBeenCalled();
    const dimension = store();
    await updateCurrentCompany(record, { dimensionIndex: '5', version: 3 }, 'ROLE_USER', dimension);
    expect(dimension.setAnalyticsFields).toHaveBeenCalledWith(record, { dimensionIndex: '5' }, 3);
    const both = store();
    await updateCurrentCompany(record, { viewId: '12', dimensionIndex: '5' }, 'ROLE_USER', both);
    expect(both.setAnalyticsFields).toHaveBeenCalledWith(record, { viewId: '12', dimensionIndex: '5' }, undefined);
  });

  it('the legacy update moves a stored value for an administrator only; a stale version is a 409 first', async () => {
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const refused = store();
      await expect(updateCurrentCompany(record, { viewId: '13', version: 3 }, role, refused)).rejects.toMatchObject({ status: 400, errors: { viewId: 'validation.analytics.storedOnlyAdmin' } });
      expect(refused.setAnalyticsFields).not.toHaveBeenCalled();
    }
    await expect(updateCurrentCompany(record, { viewId: '13', version: 2 }, 'ROLE_USER', store())).rejects.toMatchObject({ status: 409 });
    // Another company's View ID: that refusal, whoever asks.
    await expect(updateCurrentCompany(record, { viewId: '77777', version: 3 }, 'ROLE_USER', store())).rejects.toMatchObject({ status: 400, errors: { viewId: 'validation.analytics.viewIdTaken' } });
    const admin = store();
    await updateCurrentCompany(record, { viewId: '13', version: 3 }, 'ROLE_ADMIN', admin);
    expect(admin.setAnalyticsFields).toHaveBeenCalledWith(record, { viewId: '13' }, 3);
  });
});

describe('statusReport of one company', () => {
  it('reads its steps only, sorted and filtered as the list would be, with note, update time and product', async () => {
    const d: StatusReportDeps = {
      reportPage: vi.fn(),
      getSteps: vi.fn(),
      getCompanies: async () => [{ ...record, product: 'affiliate', integrationSteps: ['sources', 'collector'] }],
      listSteps: async () => [
        { companyId: 'c', stepType: 'status_feed', status: 'done', updated: '2026-02-01T00:00:00.000Z', version: 2, note: 'ERP export' },
        { companyId: 'c', stepType: 'collector', status: 'TBD', updated: null, version: 1 },
        { companyId: 'c', stepType: 'sources', status: 'TBD', updated: null, version: 1 },
      ],
      healthOf: async () => new Map(),
    };
    const { rows, next } = await statusReport({ company: 'c' }, d);
    expect(next).toBeNull();
    expect(d.reportPage).not.toHaveBeenCalled();
    expect(rows.map((r) => r.stepType)).toEqual(['sources', 'collector', 'status_feed']);
    expect(rows[2]).toEqual({ companyId: 'c', companyName: 'Acme', product: 'affiliate', stepType: 'status_feed', status: 'done', updated: '2026-02-01T00:00:00.000Z', health: 'unknown', note: 'ERP export' });
    expect(rows[0]).not.toHaveProperty('note');
    expect((await statusReport({ company: 'c', sort: 'status', dir: 'desc' }, d)).rows.map((r) => r.stepType)).toEqual(['status_feed', 'collector', 'sources']);
    expect((await statusReport({ company: 'c', completed: 'hidden', q: 'SOURCE' }, d)).rows.map((r) => r.stepType)).toEqual(['sources']);
  });
});
