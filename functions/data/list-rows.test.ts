import { describe, expect, it } from 'vitest';
import { createCompany, deleteCompanyRecord, listCompaniesPage, markCompanyDeleting, reindexCompany, storeCompanyFieldOnce, updateCompany } from './companies';
import { keys, listRows, type ListRef } from './keys';
import { listPage, rowItems, rowWrites, type Listing, type ListQuery } from './list-rows';
import { recordCommands, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import { createUser, deleteUser, getUser, listUsersPage, reindexUser, saveUserEdit, updateUser, userIdsOfCompanyName } from './users';

const table = useTestTable();

const company = (name: string, over: Record<string, unknown> = {}) => createCompany({ name, product: '360', country: 'FR', ...over });
const user = (login: string, companyId: string, over: Record<string, unknown> = {}) =>
  createUser({ id: uid(), login, cognitoUsername: login, firstName: 'Ann', lastName: 'Lee', roles: ['ROLE_USER'], companyId, managedCompanyIds: [companyId], ...over });
const rowsOf = async (list: 'users' | 'companies', sort: string) => (await table.partition(listRows.partition(list, sort))).map((row) => row.id);

describe('the admin lists kept in sort-index rows', () => {
  it('records stored before the rows existed join the lists when re-indexed (npm run reindex-lists); a stale or deleting one is skipped', async () => {
    await table.alone(async () => {
      const acme = await company('Acme');
      const ann = await user(`ann-${uid()}@acme.test`, acme.id);
      // As stored before the lists paged: no row items, no listRows on the user.
      for (const list of ['companies', 'users'] as const) {
        for (const sort of list === 'companies' ? ['name', 'product', 'country', 'viewId', 'dimensionIndex', 'orderFeedUrl'] : ['login', 'lastName', 'company', 'managedCompanies']) {
          for (const row of await table.partition(listRows.partition(list, sort))) await table.delete({ pk: row.pk as string, sk: row.sk as string });
        }
      }
      const { listRows: _rows, ...legacyUser } = (await table.item(keys.user(ann.id)))!;
      await table.put(legacyUser);
      expect((await listCompaniesPage({ sort: 'name', dir: 'asc' }, null, 10)).companies).toEqual([]);
      expect((await listUsersPage({ sort: 'login', dir: 'asc' }, null, 10)).users).toEqual([]);

      expect(await reindexCompany(acme.id)).toBe(true);
      expect(await reindexUser(ann.id)).toBe(true);
      expect((await listCompaniesPage({ sort: 'name', dir: 'asc', search: 'acm' }, null, 10)).companies.map((c) => c.id)).toEqual([acme.id]);
      expect((await listUsersPage({ sort: 'company', dir: 'asc', search: 'acme' }, null, 10)).users.map((u) => u.id)).toEqual([ann.id]);
      // Again: the same rows, nothing twice.
      expect(await reindexCompany(acme.id)).toBe(true);
      expect(await rowsOf('companies', 'name')).toEqual([acme.id]);

      expect(await reindexCompany(uid())).toBe(false);
      await markCompanyDeleting(acme.id, acme.version, new Date().toISOString());
      expect(await reindexCompany(acme.id)).toBe(false);
    });
  });

  it('a company holds one row per sortable column, moved by an edit and a first storage, removed with it', async () => {
    await table.alone(async () => {
      const shop = await company('Beta');
      expect(await rowsOf('companies', 'viewId')).toEqual([shop.id]);
      const renamed = await updateCompany(shop, { name: 'Alpha' });
      const rows = await table.partition(listRows.partition('companies', 'name'));
      expect(rows.map((row) => row.sk)).toEqual([`alpha\u0001${shop.id}`]);
      expect(await storeCompanyFieldOnce(shop.id, 'viewId', '123456')).toBe(true);
      expect((await table.partition(listRows.partition('companies', 'viewId'))).map((row) => row.sk)).toEqual([`123456\u0001${shop.id}`]);
      const marked = await markCompanyDeleting(shop.id, renamed.version + 1, new Date().toISOString());
      // Leaving the list at once: the page skips a company whose deletion started.
      expect((await listCompaniesPage({ sort: 'name', dir: 'asc' }, null, 10)).companies).toEqual([]);
      await deleteCompanyRecord(marked);
      for (const sort of ['name', 'product', 'country', 'viewId', 'dimensionIndex', 'orderFeedUrl']) expect(await rowsOf('companies', sort)).toEqual([]);
    });
  });

  it('pages in either order with ties broken by id, searches a substring of any case and accents, and reads only rows', async () => {
    await table.alone(async () => {
      const made = [];
      for (const name of ['Gamma', 'alpha', 'Bêta shop', 'Delta']) made.push(await company(name, { orderFeedUrl: `https://${name.split(' ')[0]!.toLowerCase()}.test/feed.xml` }));
      const names = async (dir: 'asc' | 'desc', search?: string, sort = 'name') => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: Awaited<ReturnType<typeof listCompaniesPage>> = await listCompaniesPage({ sort, dir, search }, cursor, sort === 'name' ? 2 : 1);
          seen.push(...page.companies.map((c) => c.name));
          cursor = page.next;
        } while (cursor);
        return seen;
      };
      expect(await names('asc')).toEqual(['alpha', 'Bêta shop', 'Delta', 'Gamma']);
      expect(await names('desc')).toEqual(['Gamma', 'Delta', 'Bêta shop', 'alpha']);
      // Case and accents ignored either way (shared/domain/search-text.ts, as in the browser's lists).
      expect(await names('asc', 'ETA')).toEqual(['Bêta shop']);
      expect(await names('asc', 'bÊta')).toEqual(['Bêta shop']);
      // Four ties (one product), one a page: each once, by id, the other way round descending.
      const byId = [...made].sort((a, b) => a.id.localeCompare(b.id)).map((c) => c.name);
      expect(await names('asc', undefined, 'product')).toEqual(byId);
      expect(await names('desc', undefined, 'product')).toEqual([...byId].reverse());
      expect(await names('asc', 'delta.test')).toEqual(['Delta']);
      const recorder = recordCommands();
      await under(recorder, () => listCompaniesPage({ sort: 'name', dir: 'asc' }, null, 2));
      expect(recorder.sent.map((call) => call.command)).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    });
  });

  it('a user holds rows of their company names; an edit, a rename re-index and a delete move them', async () => {
    await table.alone(async () => {
      const team = await company('Team', { isDefault: true });
      const acme = await company('Acme');
      const ann = await user(`ann-${uid()}@acme.test`, acme.id);
      const bob = await user(`bob-${uid()}@team.test`, team.id, { lastName: 'Zed' });
      const page = (query: Parameters<typeof listUsersPage>[0]) => listUsersPage(query, null, 10).then(({ users }) => users.map((u) => u.id));
      expect(await page({ sort: 'company', dir: 'asc' })).toEqual([ann.id, bob.id]);
      expect(await page({ sort: 'lastName', dir: 'desc' })).toEqual([bob.id, ann.id]);
      expect(await page({ sort: 'login', dir: 'asc', hide: 'team' })).toEqual([ann.id]);
      expect(await page({ sort: 'login', dir: 'asc', search: 'ACME' })).toEqual([ann.id]);
      expect(await page({ sort: 'login', dir: 'asc', search: 'manager' })).toEqual([]);
      const edited = await saveUserEdit(ann, ann.version, { roles: ['ROLE_MANAGER'], managedCompanyIds: [acme.id] });
      expect(await page({ sort: 'login', dir: 'asc', search: 'manager' })).toEqual([ann.id]);
      await updateCompany(acme, { name: 'Zenith' });
      expect(await userIdsOfCompanyName('Acme')).toEqual([ann.id]);
      expect(await reindexUser(ann.id)).toBe(true);
      expect(await page({ sort: 'company', dir: 'asc' })).toEqual([bob.id, ann.id]);
      expect(await page({ sort: 'login', dir: 'asc', search: 'zenith' })).toEqual([ann.id]);
      await updateUser(ann.id, edited.version, { deletedAt: new Date().toISOString() });
      expect(await page({ sort: 'login', dir: 'asc' })).toEqual([bob.id]);
      await deleteUser((await getUser(bob.id))!, bob.version);
      for (const sort of ['login', 'lastName', 'company', 'managedCompanies']) expect(await rowsOf('users', sort)).toEqual([]);
    });
  });
});

describe('sort-index rows read directly (a company list of its own per test)', () => {
  const list = (): ListRef => ({ name: 'traffic', companyId: uid() });
  const listing = (id: string, value: string, over: Partial<Listing> = {}): Listing => ({ id, sort: { name: value }, words: [value], ...over });
  const store = async (ref: ListRef, listings: Listing[]) => {
    for (const one of listings) for (const item of rowItems(ref, one)) await table.put(item);
  };
  /** Every id of the list in pages of `limit`, and the cursors it answered. */
  const all = async (ref: ListRef, query: ListQuery, limit: number) => {
    const pages: string[][] = [];
    const cursors: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { ids: string[]; next: string | null } = await listPage(ref, query, cursor, limit);
      pages.push(page.ids);
      cursor = page.next;
      if (cursor) cursors.push(cursor);
    } while (cursor);
    return { pages, cursors };
  };

  it('a row per sort order, with the record id, its folded words (empty ones left out, cut at 4000), its flags and fields', () => {
    const ref: ListRef = { name: 'traffic', companyId: 'c1' };
    const rows = rowItems(ref, { id: 'r1', sort: { name: 'Bêta', code: '' }, words: ['Bêta Shop', null, '', undefined, 'ÉTÉ'], flags: ['done'], fields: { step: 'ga' } });
    expect(rows).toEqual([
      { ...listRows.row(ref, 'name', 'Bêta', 'r1'), id: 'r1', words: 'beta shop\nete', done: true, step: 'ga' },
      { ...listRows.row(ref, 'code', '', 'r1'), id: 'r1', words: 'beta shop\nete', done: true, step: 'ga' },
    ]);
    expect(rowItems(ref, { id: 'r2', sort: { name: 'x' }, words: ['a'.repeat(5000)] })[0]).toEqual({ ...listRows.row(ref, 'name', 'x', 'r2'), id: 'r2', words: 'a'.repeat(4000) });
  });

  it('moving a record deletes the rows it left, puts the others again (a kept key only once), and deleting it removes them all', () => {
    const ref: ListRef = { name: 'traffic', companyId: 'c1' };
    const before = { id: 'r1', sort: { name: 'old', code: 'k' }, words: [] };
    const keysBefore = Object.entries(before.sort).map(([sort, value]) => listRows.row(ref, sort, value, 'r1'));
    const moved = rowWrites(ref, keysBefore, { ...before, sort: { name: 'new', code: 'k' } });
    expect(moved.items.map((item) => ('Delete' in item ? ['Delete', item.Delete!.Key] : ['Put', { pk: item.Put!.Item!.pk, sk: item.Put!.Item!.sk }]))).toEqual([
      ['Delete', listRows.row(ref, 'name', 'old', 'r1')],
      ['Put', listRows.row(ref, 'name', 'new', 'r1')],
      ['Put', listRows.row(ref, 'code', 'k', 'r1')],
    ]);
    expect(moved.keys).toEqual([listRows.row(ref, 'name', 'new', 'r1'), listRows.row(ref, 'code', 'k', 'r1')]);
    const gone = rowWrites(ref, keysBefore, null);
    expect(gone).toEqual({ items: keysBefore.map((Key) => ({ Delete: { TableName: table.name, Key } })), keys: [] });
    // A row of the same value under another id is another key.
    expect(rowWrites(ref, [listRows.row(ref, 'name', 'old', 'r2')], { ...before, sort: { name: 'old' } }).items.map((item) => Object.keys(item)[0])).toEqual(['Delete', 'Put']);
  });

  it('pages either way; a search, a hidden flag and equal fields filter the rows, each cursor bound to its own query', async () => {
    const ref = list();
    await store(ref, [
      listing('a', 'alpha', { fields: { step: 'ga', status: 'done' } }),
      listing('b', 'beta', { flags: ['done'], fields: { step: 'ga', status: 'open' } }),
      listing('c', 'gamma', { fields: { step: 'feed', status: 'done' } }),
      listing('d', 'delta', { words: ['Délta', 'x'], fields: { step: 'ga', status: 'done' } }),
    ]);
    expect((await all(ref, { sort: 'name', dir: 'asc' }, 3)).pages).toEqual([['a', 'b', 'd'], ['c']]);
    expect((await all(ref, { sort: 'name', dir: 'desc' }, 3)).pages).toEqual([['c', 'd', 'b'], ['a']]);
    expect((await all(ref, { sort: 'name', dir: 'asc', search: ' DELT ' }, 10)).pages.flat()).toEqual(['d']);
    expect((await all(ref, { sort: 'name', dir: 'asc', hide: 'done' }, 10)).pages.flat()).toEqual(['a', 'd', 'c']);
    expect((await all(ref, { sort: 'name', dir: 'asc', where: { step: 'ga', status: 'done' } }, 10)).pages.flat()).toEqual(['a', 'd']);
    expect((await all(ref, { sort: 'name', dir: 'asc', search: 'a', hide: 'done', where: { status: 'done' } }, 10)).pages.flat()).toEqual(['a', 'd', 'c']);

    const cursorOf = async (query: ListQuery) => (await listPage(ref, query, null, 1)).next!;
    const base: ListQuery = { sort: 'name', dir: 'asc' };
    const others: ListQuery[] = [
      { ...base, dir: 'desc' },
      { ...base, search: 'a' },
      { ...base, hide: 'done' },
      { ...base, hide: 'team' },
      { ...base, where: { step: 'ga' } },
      { ...base, where: { step: 'ga', status: 'done' } },
      { ...base, where: { status: 'done' } },
    ];
    for (const query of [base, ...others]) {
      const cursor = await cursorOf(query);
      for (const other of [base, ...others].filter((one) => one !== query)) {
        await expect(listPage(ref, other, cursor, 1), JSON.stringify([query, other])).rejects.toMatchObject({ status: 400, errors: { cursor: 'validation.invalid' } });
      }
    }
    // The rows of another company's list are not in this one.
    expect((await listPage(list(), base, null, 10)).ids).toEqual([]);
  });

  it('reads buckets one after the other: a page goes on into the next bucket, and its cursor says which bucket to start from', async () => {
    const ref = list();
    await store(ref, [listing('0a', '0a'), listing('0b', '0b'), listing('1a', '1a'), listing('2a', '2a'), listing('2b', '2b')]);
    const query: ListQuery = { sort: 'name', dir: 'asc', buckets: ['2', '0', '1'] };
    // A filtered read looks at a whole bucket: a page full at a bucket's end goes on at the next bucket; the last bucket's end is the end.
    const filtered: ListQuery = { ...query, hide: 'team' };
    expect(await all(ref, filtered, 2)).toEqual({ pages: [['2a', '2b'], ['0a', '0b'], ['1a']], cursors: ['1', '2'] });
    expect(await all(ref, filtered, 5)).toEqual({ pages: [['2a', '2b', '0a', '0b', '1a']], cursors: [] });
    expect(await all(ref, { ...filtered, buckets: ['0', '2'] }, 2)).toEqual({ pages: [['0a', '0b'], ['2a', '2b']], cursors: ['1'] });
    // A page ending inside a bucket: its cursor starts with that bucket's index.
    const inside = await all(ref, query, 3);
    expect(inside.pages).toEqual([['2a', '2b', '0a'], ['0b', '1a']]);
    expect(inside.cursors[0]!.charAt(0)).toBe('1');
    expect((await all(ref, { ...query, dir: 'desc' }, 3)).pages).toEqual([['2b', '2a', '0b'], ['0a', '1a']]);
    for (const cursor of ['3', '9', '-1', 'x', '3abc']) {
      await expect(listPage(ref, query, cursor, 2), cursor).rejects.toMatchObject({ status: 400, errors: { cursor: 'validation.invalid' } });
    }
  });
});
