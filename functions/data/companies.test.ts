import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../platform/errors';
import {
  claimViewIdGuard,
  companiesWithViewId,
  createCompany,
  deleteCompanyRecord,
  findCompaniesByNames,
  findCompanyByName,
  findDefaultCompany,
  getCompanies,
  getCompany,
  getCompanyRecord,
  listCompanies,
  markCompanyDeleting,
  reindexCompany,
  setAnalyticsFields,
  storeCompanyFieldOnce,
  storeOrderFeedHostKey,
  updateCompany,
  ViewIdTakenError,
  type CompanyRecord,
  type NewCompany,
} from './companies';
import { keys } from './keys';
import { listSteps } from './steps';
import { failNext, holdBackBatches, interpose, readsOf, recordCommands, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();
/** View IDs are digits: a fresh one per use. */
const viewId = () => String(Math.floor(Math.random() * 1e12)).padStart(12, '1');

const newCompany = (over: Partial<NewCompany> = {}): NewCompany => ({ name: `Shop ${uid()}`, product: '360', country: 'FR', ...over });
const companyAudit = (id: string) => table.partition(`AUDIT#company#${id}`);
const stepTypes = async (id: string) => (await listSteps(id)).map((s) => s.stepType).sort();
const viewGuard = (id: string) => table.item(keys.viewIdGuard(id));

/** A record stored before the View ID guards existed: it holds a View ID without a guard. */
async function legacyCompany(view: string): Promise<string> {
  const id = uid();
  const name = `legacy ${id}`;
  await table.put({ ...keys.company(id), gsi1pk: 'COMPANIES', gsi1sk: name, id, name, viewId: view, version: 1, created: '2020-01-01T00:00:00.000Z' });
  return id;
}

describe('createCompany', () => {
  it('writes the record, its name guard, its View ID guard, its steps and its audit record in one go', async () => {
    const view = viewId();
    const company = await createCompany(newCompany({ name: '  Trimmed Shop ', viewId: view, integrationSteps: ['sources', 'google_analytics', 'sources'] }));
    const name = 'Trimmed Shop';
    expect(company).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      product: '360',
      country: 'FR',
      viewId: view,
      dimensionIndex: null,
      orderFeedUrl: null,
      orderFeedHostKey: null,
      integrationSteps: ['google_analytics', 'sources'],
      isDefault: false,
      created: expect.any(String),
      version: 1,
    });
    expect(await table.item(keys.company(company.id))).toEqual({ pk: `COMPANY#${company.id}`, sk: 'META', gsi1pk: 'COMPANIES', gsi1sk: 'trimmed shop', ...company });
    expect(await table.item(keys.companyNameGuard(name))).toMatchObject({ companyId: company.id });
    expect(await viewGuard(view)).toMatchObject({ companyId: company.id });
    expect(await stepTypes(company.id)).toEqual(['google_analytics', 'sources']);
    expect(await companyAudit(company.id)).toEqual([expect.objectContaining({ action: 'create', sk: `V000000000001#${company.created}`, after: expect.objectContaining({ name }) })]);
    expect(await getCompany(company.id)).toEqual(company);
  });

  it("defaults: the product's steps, no View ID guard, the given id and the default flag", async () => {
    const id = uid();
    const affiliate = await createCompany(newCompany({ id, product: 'affiliate', isDefault: true, dimensionIndex: '3', orderFeedUrl: 'https://f', orderFeedHostKey: 'SHA256:k' }));
    expect(affiliate).toMatchObject({ id, isDefault: true, dimensionIndex: '3', orderFeedUrl: 'https://f', orderFeedHostKey: 'SHA256:k', viewId: null });
    expect(affiliate.integrationSteps[0]).toBe('google_analytics');
    expect(await stepTypes(id)).toEqual(['collector', 'commission_rules', 'google_analytics', 'sources', 'status_feed']);
    expect((await table.partition(`COMPANY#${id}`)).map((item) => item.sk)).toEqual(['META', 'STEP#collector', 'STEP#commission_rules', 'STEP#google_analytics', 'STEP#sources', 'STEP#status_feed']);
    expect(await stepTypes((await createCompany(newCompany({ product: 'lead' }))).id)).toEqual(['collector', 'google_analytics', 'sources', 'status_feed']);
  });

  it('refuses a taken name in any case, a used id, a View ID held by a guard or by an older record; nothing written', async () => {
    const first = await createCompany(newCompany({ viewId: viewId() }));
    const sameName = newCompany({ id: uid(), name: ` ${first.name.toUpperCase()} ` });
    await expect(createCompany(sameName)).rejects.toThrow(new ConflictError('This company already exists, please use another name'));
    expect(await getCompanyRecord(sameName.id!)).toBeNull();
    expect(await listSteps(sameName.id!)).toEqual([]);
    await expect(createCompany(newCompany({ id: first.id }))).rejects.toThrow(new ConflictError('This company id is already used'));
    const sameView = newCompany({ id: uid(), viewId: first.viewId });
    await expect(createCompany(sameView)).rejects.toBeInstanceOf(ViewIdTakenError);
    expect(await getCompanyRecord(sameView.id!)).toBeNull();
    expect(await findCompanyByName(sameView.name)).toBeNull();
    // A record stored before the guards, once `npm run reindex-lists` claimed its guard.
    const legacyView = viewId();
    const legacy = await legacyCompany(legacyView);
    expect(await claimViewIdGuard(legacy)).toBe('held');
    const legacyError = await createCompany(newCompany({ viewId: legacyView })).catch((e: unknown) => e);
    expect(legacyError).toBeInstanceOf(ViewIdTakenError);
    expect(legacyError).toBeInstanceOf(ConflictError);
    expect((legacyError as Error).message).toBe('This View ID is stored for another company');
    expect(await viewGuard(legacyView)).toMatchObject({ companyId: legacy });
  });

  it('of two creations claiming one View ID at once, the guard lets one through', async () => {
    const view = viewId();
    const results = await Promise.allSettled([createCompany(newCompany({ viewId: view })), createCompany(newCompany({ viewId: view }))]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(ConflictError);
    expect(await companiesWithViewId(view)).toEqual([(won[0] as PromiseFulfilledResult<CompanyRecord>).value.id]);
  });
});

describe('reads', () => {
  it("a company whose deletion started is gone for readers, but its record stays readable", async () => {
    const company = await createCompany(newCompany());
    await markCompanyDeleting(company.id, 1, '2026-01-01T00:00:00.000Z');
    expect(await getCompany(company.id)).toBeNull();
    expect(await getCompanyRecord(company.id)).toMatchObject({ id: company.id, deletingAt: '2026-01-01T00:00:00.000Z' });
    expect(await getCompanyRecord(company.id, true)).toMatchObject({ id: company.id });
    expect(await getCompanies([company.id])).toEqual([]);
    expect(await getCompany(uid())).toBeNull();
  });

  it('getCompanies: in the order asked, once each, missing ones skipped, more than 100 at a time', async () => {
    const [a, b] = [await createCompany(newCompany()), await createCompany(newCompany())];
    expect(await getCompanies([b.id, uid(), a.id, b.id])).toEqual([b, a]);
    expect(await getCompanies([])).toEqual([]);
    // 150 ids: two BatchGet calls of at most 100 keys.
    const many = Array.from({ length: 148 }, () => uid());
    const sent = holdBackBatches(0);
    await under(sent, async () => {
      expect(await getCompanies([...many, a.id, b.id])).toEqual([a, b]);
    });
    expect(sent.sent).toEqual([100, 50]);
  });

  it('getCompanies asks again for the keys DynamoDB left unprocessed', async () => {
    const companies = [await createCompany(newCompany()), await createCompany(newCompany()), await createCompany(newCompany())];
    const held = holdBackBatches(2);
    await under(held, async () => {
      expect(await getCompanies(companies.map((c) => c.id))).toEqual(companies);
    });
    expect(held.sent).toEqual([1, 1, 1]);
  });

  it('getCompanies gives up after 5 calls: a company not read is left out, not waited for', async () => {
    const companies: CompanyRecord[] = [];
    for (let i = 0; i < 6; i++) companies.push(await createCompany(newCompany()));
    const stubborn = holdBackBatches(10);
    await under(stubborn, async () => {
      expect(await getCompanies(companies.map((c) => c.id))).toEqual(companies.slice(0, 5));
    });
    expect(stubborn.sent).toEqual([1, 1, 1, 1, 1]);
  });

  it('lists the companies by name with the fields the API answers only (not the feed host key, not deleting ones)', async () => {
    const mine = [await createCompany(newCompany({ name: `zz ${uid()}`, orderFeedHostKey: 'SHA256:secret' })), await createCompany(newCompany({ name: `AA ${uid()}` }))];
    const deleting = await createCompany(newCompany());
    await markCompanyDeleting(deleting.id, 1, 'now');
    const listed = await listCompanies();
    const names = listed.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(listed.some((c) => c.id === deleting.id)).toBe(false);
    const { orderFeedHostKey: _key, ...answered } = mine[0]!;
    expect(listed.find((c) => c.id === mine[0]!.id)).toEqual(answered);
    expect(listed.find((c) => c.id === mine[1]!.id)).toMatchObject({ id: mine[1]!.id, name: mine[1]!.name, product: '360', country: 'FR', version: 1, isDefault: false });
  });

  it('finds the companies of several names in any case, by key alone (no Query): unknown, broken and deleting ones skipped', async () => {
    const [one, two, gone] = [await createCompany(newCompany()), await createCompany(newCompany()), await createCompany(newCompany())];
    await markCompanyDeleting(gone.id, 1, 'now');
    await table.put({ ...keys.companyNameGuard(`broken ${one.id}`), companyId: 7 });
    let found: CompanyRecord[] = [];
    const reads = await readsOf(async () => {
      found = await findCompaniesByNames([` ${two.name.toUpperCase()}`, one.name, two.name, gone.name, `nothing ${uid()}`, `broken ${one.id}`]);
    });
    expect(found.map((c) => c.id).sort()).toEqual([one.id, two.id].sort());
    expect(found.find((c) => c.id === one.id)).toEqual(one);
    expect(reads.map((read) => read.command)).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand']);
    expect(await findCompaniesByNames([])).toEqual([]);
  });

  it('finds a company by name in any case, none when unknown or deleting', async () => {
    const company = await createCompany(newCompany());
    expect(await findCompanyByName(` ${company.name.toUpperCase()}`)).toEqual(company);
    expect(await findCompanyByName(`nothing ${uid()}`)).toBeNull();
    await table.put({ ...keys.companyNameGuard(`broken ${company.id}`), companyId: 7 });
    expect(await findCompanyByName(`broken ${company.id}`)).toBeNull();
  });

  it("companiesWithViewId: the guard's holder, by key; a record stored before the guards once reindex-lists claimed its guard", async () => {
    const view = viewId();
    expect(await companiesWithViewId(view)).toEqual([]);
    const company = await createCompany(newCompany({ viewId: view }));
    expect(await companiesWithViewId(view)).toEqual([company.id]);
    expect(await claimViewIdGuard(company.id)).toBe('held');
    // Two records sharing a View ID: the guard stays with its holder, the claim names the clash.
    const legacy = await legacyCompany(view);
    expect(await claimViewIdGuard(legacy)).toBe('clash');
    expect(await companiesWithViewId(view)).toEqual([company.id]);
    const onlyLegacy = viewId();
    const old = await legacyCompany(onlyLegacy);
    expect(await companiesWithViewId(onlyLegacy)).toEqual([]);
    expect(await claimViewIdGuard(old)).toBe('held');
    expect(await claimViewIdGuard(old)).toBe('held');
    expect(await companiesWithViewId(onlyLegacy)).toEqual([old]);
    expect(await claimViewIdGuard((await createCompany(newCompany())).id)).toBe('none');
    expect(await claimViewIdGuard(uid())).toBe('none');
    await table.put({ ...keys.viewIdGuard(`${onlyLegacy}9`), companyId: 12 });
    expect(await companiesWithViewId(`${onlyLegacy}9`)).toEqual([]);
  });

  it('findDefaultCompany: the oldest company flagged default, by its GSI2 entry; one stored before the entry once re-indexed', async () => {
    await table.alone(async () => {
      expect(await findDefaultCompany()).toBeNull();
      await createCompany(newCompany({ isDefault: false }));
      expect(await findDefaultCompany()).toBeNull();
      const team = await createCompany(newCompany({ isDefault: true }));
      expect((await findDefaultCompany())?.id).toBe(team.id);
    });
    // Older than any company the other tests create, stored before the GSI2 entry existed.
    const older = uid();
    await table.put({
      ...keys.company(older), gsi1pk: 'COMPANIES', gsi1sk: `b ${older}`, id: older, name: `b ${older}`, product: '360', country: 'FR',
      viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], isDefault: true, version: 1, created: '2000-01-01T00:00:00.000Z',
    });
    await createCompany(newCompany({ isDefault: true }));
    expect((await findDefaultCompany())?.id).not.toBe(older);
    expect(await reindexCompany(older)).toBe(true);
    expect((await findDefaultCompany())?.id).toBe(older);
    expect(await getCompany(older)).toMatchObject({ version: 1, isDefault: true });
  });
});

describe('updateCompany', () => {
  it('writes the changes on the version read, with the audit record of what changed', async () => {
    const company = await createCompany(newCompany());
    const next = await updateCompany(company, { country: 'DE', dimensionIndex: '4' });
    expect(next).toEqual({ ...company, country: 'DE', dimensionIndex: '4', version: 2 });
    expect(await getCompany(company.id)).toEqual(next);
    expect((await companyAudit(company.id))[1]).toMatchObject({ sk: `V000000000002#${company.created}`, action: 'update', before: { country: 'FR', dimensionIndex: null }, after: { country: 'DE', dimensionIndex: '4' } });
  });

  it('refuses a stale version and a company being deleted (409, nothing written)', async () => {
    const company = await createCompany(newCompany());
    await updateCompany(company, { country: 'DE' });
    await expect(updateCompany(company, { country: 'GB' })).rejects.toEqual(new ConflictError());
    const fresh = (await getCompany(company.id))!;
    await markCompanyDeleting(company.id, 2, 'now');
    await expect(updateCompany(fresh, { country: 'GB' })).rejects.toEqual(new ConflictError());
    expect((await getCompanyRecord(company.id))?.country).toBe('DE');
    // No record of the refused updates: the create, the update and the deletion's start.
    expect((await companyAudit(company.id)).map((record) => record.action).sort()).toEqual(['create', 'deletion-started', 'update']);
  });

  it('moves the name guard on a rename (trimmed), keeps it on a change of case only', async () => {
    const company = await createCompany(newCompany());
    const name = `Renamed ${uid()}`;
    const renamed = await updateCompany(company, { name: `  ${name}  ` });
    expect(renamed.name).toBe(name);
    expect(await findCompanyByName(company.name)).toBeNull();
    expect(await table.item(keys.companyNameGuard(company.name))).toBeUndefined();
    expect(await findCompanyByName(name)).toMatchObject({ id: company.id, name });
    expect(await table.item(keys.company(company.id))).toMatchObject({ gsi1sk: name.toLowerCase() });
    const upper = await updateCompany(renamed, { name: name.toUpperCase() });
    expect(upper.name).toBe(name.toUpperCase());
    expect(await table.item(keys.companyNameGuard(name))).toMatchObject({ companyId: company.id });
  });

  it('refuses a name another company holds (409 naming the reason), nothing moves', async () => {
    const [company, other] = [await createCompany(newCompany()), await createCompany(newCompany())];
    await expect(updateCompany(company, { name: other.name.toLowerCase() })).rejects.toThrow(new ConflictError('This company already exists, please use another name'));
    expect(await findCompanyByName(company.name)).toMatchObject({ id: company.id });
    expect(await findCompanyByName(other.name)).toMatchObject({ id: other.id });
    // A stale edit that renames too is the editor's conflict.
    await updateCompany(company, { country: 'DE' });
    await expect(updateCompany(company, { name: `Free ${uid()}` })).rejects.toEqual(new ConflictError());
  });

  it("adds (TBD) and deletes step items to match a new step list, and leaves them alone otherwise", async () => {
    const company = await createCompany(newCompany());
    expect(await stepTypes(company.id)).toEqual(['collector', 'google_analytics', 'sources', 'status_feed']);
    const next = await updateCompany(company, { integrationSteps: ['google_analytics', 'sources', 'adobe_analytics'] });
    expect(await stepTypes(company.id)).toEqual(['adobe_analytics', 'google_analytics', 'sources']);
    expect((await listSteps(company.id)).find((s) => s.stepType === 'adobe_analytics')).toMatchObject({ status: 'TBD', version: 1 });
    await updateCompany(next, { country: 'DE' });
    expect(await stepTypes(company.id)).toEqual(['adobe_analytics', 'google_analytics', 'sources']);
  });

  it('moves the View ID guard with a new View ID, frees it when cleared', async () => {
    const [first, second] = [viewId(), viewId()];
    const company = await createCompany(newCompany({ viewId: first }));
    const moved = await updateCompany(company, { viewId: second });
    expect(await viewGuard(first)).toBeUndefined();
    expect(await viewGuard(second)).toMatchObject({ companyId: company.id });
    const cleared = await updateCompany(moved, { viewId: null });
    expect(cleared.viewId).toBeNull();
    expect(await viewGuard(second)).toBeUndefined();
    const same = await updateCompany(cleared, { viewId: null });
    expect(same.version).toBe(4);
  });

  it("refuses a View ID another company holds (ViewIdTakenError), but a stale version is the editor's 409", async () => {
    const view = viewId();
    await createCompany(newCompany({ viewId: view }));
    const company = await createCompany(newCompany());
    await expect(updateCompany(company, { viewId: view })).rejects.toBeInstanceOf(ViewIdTakenError);
    expect((await getCompany(company.id))?.viewId).toBeNull();
    await updateCompany(company, { country: 'DE' });
    await expect(updateCompany(company, { viewId: viewId() })).rejects.toEqual(new ConflictError());
  });

  it("a View ID claimed by another company between the check and the transaction is the View ID's error", async () => {
    const view = viewId();
    const company = await createCompany(newCompany());
    await under(claimBeforeTransaction(view), async () => {
      await expect(updateCompany(company, { viewId: view, country: 'DE' })).rejects.toBeInstanceOf(ViewIdTakenError);
    });
    expect(await getCompany(company.id)).toMatchObject({ viewId: null, country: 'FR', version: 1 });
    // With a rename in the same edit (the View ID items come after the two name guards).
    const again = viewId();
    await under(claimBeforeTransaction(again), async () => {
      await expect(updateCompany(company, { viewId: again, name: `New ${uid()}` })).rejects.toBeInstanceOf(ViewIdTakenError);
    });
    expect(await getCompany(company.id)).toMatchObject({ name: company.name, version: 1 });
  });
});

/** Another company claims the View ID just before the repository's transaction is sent (after its check). */
function claimBeforeTransaction(view: string): { stop(): void } {
  return interpose('TransactWriteItemsCommand', { before: () => table.put({ ...keys.viewIdGuard(view), companyId: uid() }) });
}

describe('storeCompanyFieldOnce (first-time storage)', () => {
  it('stores an empty field once: of two checks the first wins, the second gets false', async () => {
    const company = await createCompany(newCompany());
    expect(await storeCompanyFieldOnce(company.id, 'dimensionIndex', '5')).toBe(true);
    expect(await storeCompanyFieldOnce(company.id, 'dimensionIndex', '6')).toBe(false);
    expect(await getCompany(company.id)).toMatchObject({ dimensionIndex: '5', version: 2 });
    // An empty string counts as empty.
    await updateCompany((await getCompany(company.id))!, { orderFeedUrl: '' });
    expect(await storeCompanyFieldOnce(company.id, 'orderFeedUrl', 'sftp://h/f.xml', { orderFeedHostKey: 'SHA256:abc' })).toBe(true);
    expect(await getCompany(company.id)).toMatchObject({ orderFeedUrl: 'sftp://h/f.xml', orderFeedHostKey: 'SHA256:abc', version: 4 });
    expect(await storeCompanyFieldOnce(company.id, 'orderFeedUrl', 'https://x', {})).toBe(false);
  });

  it('stores fields alongside, a null one as null', async () => {
    const company = await createCompany(newCompany({ orderFeedHostKey: 'SHA256:old' }));
    expect(await storeCompanyFieldOnce(company.id, 'orderFeedUrl', 'https://f.xml', { orderFeedHostKey: null })).toBe(true);
    expect(await getCompany(company.id)).toMatchObject({ orderFeedUrl: 'https://f.xml', orderFeedHostKey: null });
  });

  it('refuses a company that is gone or being deleted', async () => {
    expect(await storeCompanyFieldOnce(uid(), 'dimensionIndex', '1')).toBe(false);
    expect(await getCompanyRecord(uid())).toBeNull();
    const company = await createCompany(newCompany());
    await markCompanyDeleting(company.id, 1, 'now');
    expect(await storeCompanyFieldOnce(company.id, 'dimensionIndex', '1')).toBe(false);
  });

  it("a View ID claims its guard in the same write; one another company holds is ViewIdTakenError, nothing stored", async () => {
    const view = viewId();
    const company = await createCompany(newCompany());
    expect(await storeCompanyFieldOnce(company.id, 'viewId', view)).toBe(true);
    expect(await viewGuard(view)).toMatchObject({ companyId: company.id });
    expect(await getCompany(company.id)).toMatchObject({ viewId: view, version: 2 });
    // Stored already: false, whatever the guard says.
    expect(await storeCompanyFieldOnce(company.id, 'viewId', view)).toBe(false);
    expect(await storeCompanyFieldOnce(company.id, 'viewId', viewId())).toBe(false);
    const other = await createCompany(newCompany());
    await expect(storeCompanyFieldOnce(other.id, 'viewId', view)).rejects.toBeInstanceOf(ViewIdTakenError);
    expect((await getCompany(other.id))?.viewId).toBeNull();
  });

  it('a View ID guard taken after the check fails the transaction with ViewIdTakenError', async () => {
    const view = viewId();
    const company = await createCompany(newCompany());
    await under(claimBeforeTransaction(view), async () => {
      await expect(storeCompanyFieldOnce(company.id, 'viewId', view)).rejects.toBeInstanceOf(ViewIdTakenError);
    });
    expect(await getCompany(company.id)).toMatchObject({ viewId: null, version: 1 });
  });

  it('a View ID stored by another check meanwhile is false, whatever the guard', async () => {
    const view = viewId();
    const company = await createCompany(newCompany());
    const other = viewId();
    // Another check stores its View ID (and claims its guard) just before this one's transaction.
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await storeCompanyFieldOnce(company.id, 'viewId', other)) }), async () => {
      expect(await storeCompanyFieldOnce(company.id, 'viewId', view)).toBe(false);
    });
    expect(await getCompany(company.id)).toMatchObject({ viewId: other, version: 2 });
    expect(await viewGuard(view)).toBeUndefined();
  });
});

describe('storeOrderFeedHostKey', () => {
  it('pins the key only while the URL is the one checked; onlyIfNone never replaces a key', async () => {
    const company = await createCompany(newCompany({ orderFeedUrl: 'sftp://h/a.xml' }));
    expect(await storeOrderFeedHostKey(company.id, 'sftp://h/other.xml', 'SHA256:1', false)).toBe(false);
    expect(await storeOrderFeedHostKey(company.id, 'sftp://h/a.xml', 'SHA256:1', true)).toBe(true);
    expect(await getCompany(company.id)).toMatchObject({ orderFeedHostKey: 'SHA256:1', version: 2 });
    expect(await storeOrderFeedHostKey(company.id, 'sftp://h/a.xml', 'SHA256:2', true)).toBe(false);
    expect(await storeOrderFeedHostKey(company.id, 'sftp://h/a.xml', 'SHA256:2', false)).toBe(true);
    expect(await getCompany(company.id)).toMatchObject({ orderFeedHostKey: 'SHA256:2', version: 3 });
    expect(await storeOrderFeedHostKey(uid(), 'sftp://h/a.xml', 'SHA256:2', false)).toBe(false);
    const none = await createCompany(newCompany({ orderFeedUrl: 'sftp://h/b.xml' }));
    await table.put({ ...(await table.item(keys.company(none.id)))!, orderFeedHostKey: undefined });
    expect(await storeOrderFeedHostKey(none.id, 'sftp://h/b.xml', 'SHA256:3', true)).toBe(true);
    await markCompanyDeleting(none.id, 2, 'now');
    expect(await storeOrderFeedHostKey(none.id, 'sftp://h/b.xml', 'SHA256:4', false)).toBe(false);
  });
});

describe('setAnalyticsFields (legacy update)', () => {
  it('with the version read: a conditional edit answering the record', async () => {
    const company = await createCompany(newCompany({ dimensionIndex: '1' }));
    const written = await setAnalyticsFields(company, { dimensionIndex: '2', viewId: undefined }, 1);
    expect(written).toEqual({ ...company, dimensionIndex: '2', version: 2 });
    await expect(setAnalyticsFields(company, { dimensionIndex: '3' }, 1)).rejects.toEqual(new ConflictError());
  });

  it('without it: writes only fields still empty, else 409 saying to send the version', async () => {
    const company = await createCompany(newCompany());
    expect(await setAnalyticsFields(company, { dimensionIndex: '7' })).toMatchObject({ dimensionIndex: '7', version: 2 });
    await expect(setAnalyticsFields(company, { dimensionIndex: '8' })).rejects.toThrow(new ConflictError('This value is already set: send the version you read to change it'));
    await expect(setAnalyticsFields({ ...company, id: uid(), viewId: null }, { dimensionIndex: '8' })).rejects.toBeInstanceOf(ConflictError);
  });

  it('a new View ID moves its guard on the View ID read and answers the record as written', async () => {
    const [first, second] = [viewId(), viewId()];
    const company = await createCompany(newCompany());
    const stored = await setAnalyticsFields(company, { viewId: first });
    expect(stored).toEqual({ ...company, viewId: first, version: 2 });
    expect(await viewGuard(first)).toMatchObject({ companyId: company.id });
    const moved = await setAnalyticsFields(stored, { viewId: second }, 2);
    expect(moved).toEqual({ ...company, viewId: second, version: 3 });
    expect(await viewGuard(first)).toBeUndefined();
    expect(await viewGuard(second)).toMatchObject({ companyId: company.id });
    // Read with the old View ID: the record no longer has it, so its guard is not the one to release.
    await expect(setAnalyticsFields({ ...moved, viewId: first }, { viewId: viewId() }, 3)).rejects.toEqual(new ConflictError());
    expect(await getCompany(company.id)).toMatchObject({ viewId: second, version: 3 });
    // Without a version, a View ID is written only while none is stored.
    await expect(setAnalyticsFields({ ...moved, viewId: null }, { viewId: viewId() })).rejects.toBeInstanceOf(ConflictError);
  });

  it('refuses a View ID another company holds', async () => {
    const view = viewId();
    await createCompany(newCompany({ viewId: view }));
    const company = await createCompany(newCompany());
    await expect(setAnalyticsFields(company, { viewId: view }, 1)).rejects.toBeInstanceOf(ViewIdTakenError);
    const raced = viewId();
    await under(claimBeforeTransaction(raced), async () => {
      await expect(setAnalyticsFields(company, { viewId: raced }, 1)).rejects.toBeInstanceOf(ViewIdTakenError);
    });
    expect(await getCompany(company.id)).toMatchObject({ viewId: null, version: 1 });
  });

  it('a company deleted right after the transaction is a 404 (nothing to answer)', async () => {
    const company = await createCompany(newCompany());
    await under(interpose('TransactWriteItemsCommand', { after: () => deleteCompanyRecord({ ...company, viewId: null }) }), async () => {
      await expect(setAnalyticsFields(company, { viewId: viewId() }, 1)).rejects.toThrow(new NotFoundError('No such company'));
    });
  });
});

describe('deletion', () => {
  it('markCompanyDeleting: marks once, takes it out of the list, on the version read or again when started', async () => {
    const company = await createCompany(newCompany());
    await expect(markCompanyDeleting(company.id, 2, 'first')).rejects.toEqual(new ConflictError());
    const marked = await markCompanyDeleting(company.id, 1, '2026-01-01T00:00:00.000Z');
    expect(marked).toEqual({ ...company, deletingAt: '2026-01-01T00:00:00.000Z' });
    const item = await table.item(keys.company(company.id));
    expect(item).not.toHaveProperty('gsi1pk');
    expect(item).not.toHaveProperty('gsi1sk');
    // A retry resumes it, whatever version it sends, and keeps the first time.
    expect(await markCompanyDeleting(company.id, 99, '2026-02-02T00:00:00.000Z')).toMatchObject({ deletingAt: '2026-01-01T00:00:00.000Z' });
    await expect(markCompanyDeleting(uid(), 1, 'x')).rejects.toEqual(new ConflictError());
  });

  it('deleteCompanyRecord: the record, its name guard and its View ID guard go with the audit record', async () => {
    const view = viewId();
    const company = await createCompany(newCompany({ viewId: view }));
    await deleteCompanyRecord(company);
    expect(await getCompanyRecord(company.id)).toBeNull();
    expect(await table.item(keys.companyNameGuard(company.name))).toBeUndefined();
    expect(await viewGuard(view)).toBeUndefined();
    const deletion = (await companyAudit(company.id)).filter((r) => r.action === 'delete');
    expect(deletion).toEqual([expect.objectContaining({ before: expect.objectContaining({ name: company.name }), after: {} })]);
    // No version: the one record of a deletion is keyed by time.
    expect(deletion[0]!.sk).toMatch(/^T/);
    // Done again (a retry beside it): harmless.
    await deleteCompanyRecord(company);
    expect(await companyAudit(company.id)).toHaveLength(2);
    // Its name is free again.
    expect((await createCompany(newCompany({ name: company.name }))).name).toBe(company.name);
  });

  it("leaves a name guard or a View ID guard that another company holds", async () => {
    const company = await createCompany(newCompany({ viewId: viewId() }));
    const thief = uid();
    await table.put({ ...keys.companyNameGuard(company.name), companyId: thief });
    await expect(deleteCompanyRecord(company)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await getCompanyRecord(company.id)).not.toBeNull();
    expect(await table.item(keys.companyNameGuard(company.name))).toMatchObject({ companyId: thief });
    await table.put({ ...keys.companyNameGuard(company.name), companyId: company.id });
    await table.put({ ...keys.viewIdGuard(company.viewId!), companyId: thief });
    await expect(deleteCompanyRecord(company)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await viewGuard(company.viewId!)).toMatchObject({ companyId: thief });
    // A company without a View ID has no guard to release.
    const plain = await createCompany(newCompany());
    await deleteCompanyRecord(plain);
    expect(await getCompanyRecord(plain.id)).toBeNull();
  });
});

describe('View ID moves: which refusal is which', () => {
  /** The audit record this company's next version would write exists already: the change's transaction is refused on it. */
  const auditTaken = (company: CompanyRecord) => table.put({ pk: `AUDIT#company#${company.id}`, sk: `V${String(company.version + 1).padStart(12, '0')}#${company.created}` });

  it('saving the same View ID again keeps its guard (nothing released, nothing claimed)', async () => {
    const view = viewId();
    const company = await createCompany(newCompany({ viewId: view }));
    expect(await updateCompany(company, { viewId: view, country: 'DE' })).toMatchObject({ viewId: view, country: 'DE', version: 2 });
    expect(await viewGuard(view)).toMatchObject({ companyId: company.id });
  });

  it('a refusal elsewhere in the transaction is a 409, never the View ID error (no claim, same View ID, cleared, moved)', async () => {
    const plain = await createCompany(newCompany());
    await auditTaken(plain);
    await expect(updateCompany(plain, { integrationSteps: [...plain.integrationSteps, 'adobe_analytics'] })).rejects.toEqual(new ConflictError());
    const same = await createCompany(newCompany({ viewId: viewId() }));
    await auditTaken(same);
    await expect(updateCompany(same, { viewId: same.viewId, integrationSteps: [...same.integrationSteps, 'adobe_analytics'] })).rejects.toEqual(new ConflictError());
    const cleared = await createCompany(newCompany({ viewId: viewId() }));
    await auditTaken(cleared);
    await expect(updateCompany(cleared, { viewId: null })).rejects.toEqual(new ConflictError());
    expect(await viewGuard(cleared.viewId!)).toMatchObject({ companyId: cleared.id });
    const moved = await createCompany(newCompany({ viewId: viewId() }));
    await auditTaken(moved);
    const next = viewId();
    await expect(updateCompany(moved, { viewId: next })).rejects.toEqual(new ConflictError());
    expect(await viewGuard(next)).toBeUndefined();
  });

  it('a View ID claimed meanwhile while moving from another one is the View ID error', async () => {
    const company = await createCompany(newCompany({ viewId: viewId() }));
    const next = viewId();
    await under(claimBeforeTransaction(next), async () => {
      await expect(updateCompany(company, { viewId: next })).rejects.toBeInstanceOf(ViewIdTakenError);
    });
    expect(await viewGuard(company.viewId!)).toMatchObject({ companyId: company.id });
  });

  it("a stale edit whose View ID was claimed meanwhile too is the editor's 409", async () => {
    const company = await createCompany(newCompany());
    await updateCompany(company, { country: 'DE' });
    const view = viewId();
    await under(claimBeforeTransaction(view), async () => {
      await expect(updateCompany(company, { viewId: view })).rejects.toEqual(new ConflictError());
    });
    const stale = await createCompany(newCompany());
    await setAnalyticsFields(stale, { dimensionIndex: '1' }, 1);
    const other = viewId();
    await under(claimBeforeTransaction(other), async () => {
      await expect(setAnalyticsFields(stale, { viewId: other }, 1)).rejects.toEqual(new ConflictError());
    });
  });

  it('a View ID an older record holds, its guard claimed by reindex-lists, is refused by every write that stores one', async () => {
    const view = viewId();
    expect(await claimViewIdGuard(await legacyCompany(view))).toBe('held');
    const company = await createCompany(newCompany());
    await expect(updateCompany(company, { viewId: view })).rejects.toBeInstanceOf(ViewIdTakenError);
    await expect(storeCompanyFieldOnce(company.id, 'viewId', view)).rejects.toBeInstanceOf(ViewIdTakenError);
    await expect(setAnalyticsFields(company, { viewId: view }, 1)).rejects.toBeInstanceOf(ViewIdTakenError);
    expect(await getCompany(company.id)).toMatchObject({ viewId: null, version: 1 });
    // Its own older record is no other company.
    const own = await legacyCompany(viewId());
    const record = (await getCompany(own))!;
    expect(await updateCompany(record, { viewId: record.viewId, country: 'DE' })).toMatchObject({ country: 'DE' });
  });

  it('storing another first-time field claims no View ID guard', async () => {
    const company = await createCompany(newCompany());
    const value = viewId();
    expect(await storeCompanyFieldOnce(company.id, 'dimensionIndex', value)).toBe(true);
    expect(await viewGuard(value)).toBeUndefined();
  });

  it("setAnalyticsFields: other fields leave the stored View ID's guard alone; two fields at once; an older record without the attribute", async () => {
    const view = viewId();
    const company = await createCompany(newCompany({ viewId: view }));
    expect(await setAnalyticsFields(company, { dimensionIndex: '2' }, 1)).toMatchObject({ viewId: view, dimensionIndex: '2' });
    expect(await viewGuard(view)).toMatchObject({ companyId: company.id });
    const both = await createCompany(newCompany());
    const next = viewId();
    expect(await setAnalyticsFields(both, { viewId: next, dimensionIndex: '4' }, 1)).toMatchObject({ viewId: next, dimensionIndex: '4', version: 2 });
    const id = uid();
    await table.put({ ...keys.company(id), gsi1pk: 'COMPANIES', gsi1sk: `old ${id}`, id, name: `old ${id}`, version: 3, created: 'c' });
    const stored = viewId();
    expect(await setAnalyticsFields({ ...both, id, viewId: null }, { viewId: stored }, 3)).toMatchObject({ viewId: stored, version: 4 });
    expect(await viewGuard(stored)).toMatchObject({ companyId: id });
  });
});

describe('step items follow the step list', () => {
  it('adding a step leaves the others as they are (a done step stays done)', async () => {
    const company = await createCompany(newCompany());
    await table.put({ ...(await table.item(keys.step(company.id, 'sources')))!, status: 'done', version: 2 });
    await updateCompany(company, { integrationSteps: [...company.integrationSteps, 'adobe_analytics'] });
    expect((await listSteps(company.id)).find((s) => s.stepType === 'sources')).toMatchObject({ status: 'done', version: 2 });
  });
});

describe('what each read asks for', () => {
  it('consistent reads where a read follows a write; the record read eventually consistent by default; the View ID check reads its guard only', async () => {
    const company = await createCompany(newCompany({ viewId: viewId() }));
    const sent = recordCommands();
    await under(sent, async () => {
      await getCompanyRecord(company.id);
      await getCompanyRecord(company.id, true);
      await companiesWithViewId(company.viewId!);
      await setAnalyticsFields(company, { viewId: viewId() }, 1);
    });
    const reads = sent.sent.filter((c) => c.command === 'GetItemCommand' || c.command === 'QueryCommand');
    expect(reads.map((c) => [c.command, (c.input.Key as { sk?: string } | undefined)?.sk ?? c.input.IndexName, c.input.ConsistentRead ?? false, c.input.ProjectionExpression ?? null])).toEqual([
      ['GetItemCommand', 'META', false, null],
      ['GetItemCommand', 'META', true, null],
      ['GetItemCommand', 'VIEWID', true, null],
      // setAnalyticsFields: the new View ID's check (its guard, by key), then the record as written.
      ['GetItemCommand', 'VIEWID', true, null],
      ['GetItemCommand', 'META', true, null],
    ]);
  });

  it('a finished deletion is checked with a consistent read', async () => {
    const company = await createCompany(newCompany());
    await deleteCompanyRecord(company);
    const sent = recordCommands();
    await under(sent, async () => {
      await deleteCompanyRecord(company);
    });
    expect(sent.sent.find((c) => c.command === 'GetItemCommand')?.input).toMatchObject({ ConsistentRead: true });
  });
});

describe('errors that are no refusal are passed on', () => {
  it('by every write', async () => {
    const company = await createCompany(newCompany({ orderFeedUrl: 'sftp://h/f.xml' }));
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['TransactWriteItemsCommand', () => updateCompany(company, { country: 'DE' })],
      // Each write carries its audit record, so each is a transaction.
      ['TransactWriteItemsCommand', () => storeCompanyFieldOnce(company.id, 'dimensionIndex', '1')],
      ['TransactWriteItemsCommand', () => storeOrderFeedHostKey(company.id, 'sftp://h/f.xml', 'SHA256:k', false)],
      ['TransactWriteItemsCommand', () => setAnalyticsFields(company, { dimensionIndex: '1' }, 1)],
      ['TransactWriteItemsCommand', () => setAnalyticsFields(company, { viewId: viewId() }, 1)],
      ['TransactWriteItemsCommand', () => markCompanyDeleting(company.id, 1, 'now')],
      ['TransactWriteItemsCommand', () => deleteCompanyRecord(company)],
    ];
    for (const [command, write] of cases) {
      await under(failNext(command), async () => {
        await expect(write()).rejects.toMatchObject({ name: 'TimeoutError' });
      });
    }
    expect(await getCompany(company.id)).toEqual(company);
  });
});
