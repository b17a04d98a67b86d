import { describe, expect, it } from 'vitest';
import { createCompany, deleteCompanyRecord, listCompaniesPage, markCompanyDeleting, reindexCompany, storeCompanyFieldOnce, updateCompany } from './companies';
import { keys, listRows } from './keys';
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
