import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, findCompanyByName, getCompanies, updateCompany } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { consumeResetToken, findResetToken, saveResetToken } from '../../functions/data/password-reset-tokens';
import { listSteps } from '../../functions/data/steps';
import { createUser, findUserByLogin, getUser, listUsers, markSignedOut, updateUser } from '../../functions/data/users';
import { documentClient } from '../../functions/platform/clients/dynamodb';
import { ConflictError } from '../../functions/platform/errors';
import { uniqueSuffix } from './helpers/accounts';
import { useLocalEnv } from '../support/local-stack';

/** The repositories against DynamoDB Local: guards, transactions, versions, tokens. */

beforeAll(() => {
  useLocalEnv();
});

const newUser = (login: string, companyId = 'c1') => ({
  id: `u-${uniqueSuffix()}`,
  login,
  cognitoUsername: 'n/a',
  firstName: 'F',
  lastName: 'L',
  roles: ['ROLE_USER' as const],
  companyId,
  managedCompanyIds: [companyId],
});

describe('companies', () => {
  it('writes the default steps of the product in the same transaction', async () => {
    const shop = await createCompany({ name: `Shop ${uniqueSuffix()}`, product: '360', country: 'FR' });
    const affiliate = await createCompany({ name: `Aff ${uniqueSuffix()}`, product: 'affiliate', country: 'RU' });
    expect((await listSteps(shop.id)).map((s) => s.stepType).sort()).toEqual(['collector', 'google_analytics', 'sources', 'status_feed']);
    expect((await listSteps(affiliate.id)).map((s) => s.stepType)).toContain('commission_rules');
    expect((await listSteps(shop.id)).every((s) => s.status === 'TBD' && s.version === 1)).toBe(true);
    expect(affiliate.integrationSteps[0]).toBe('google_analytics');
  });

  it('keeps names unique, case-insensitively, and writes nothing for the loser', async () => {
    const name = `Unique ${uniqueSuffix()}`;
    const first = await createCompany({ name, product: '360', country: 'FR' });
    await expect(createCompany({ id: 'loser-id', name: name.toUpperCase(), product: '360', country: 'FR' })).rejects.toBeInstanceOf(ConflictError);
    expect((await findCompanyByName(name))?.id).toBe(first.id);
    expect(await getCompanies(['loser-id'])).toEqual([]);
    expect(await listSteps('loser-id')).toEqual([]);
  });

  it('refuses a stale edit and moves the name guard on rename', async () => {
    const name = `Edit ${uniqueSuffix()}`;
    const company = await createCompany({ name, product: '360', country: 'FR' });
    const renamed = await updateCompany(company, { name: `${name} bis`, viewId: '42' });
    expect(renamed.version).toBe(2);
    await expect(updateCompany(company, { viewId: '43' })).rejects.toBeInstanceOf(ConflictError);
    expect((await findCompanyByName(`${name} bis`))?.viewId).toBe('42');
    expect(await findCompanyByName(name)).toBeNull();
    const other = await createCompany({ name: `Other ${uniqueSuffix()}`, product: '360', country: 'FR' });
    await expect(updateCompany(other, { name: `${name} BIS` })).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('users', () => {
  it('keeps logins unique, case-insensitively', async () => {
    const login = `unique-${uniqueSuffix()}@it.portal.test`;
    const first = await createUser(newUser(login));
    await expect(createUser(newUser(login.toUpperCase()))).rejects.toBeInstanceOf(ConflictError);
    expect((await findUserByLogin(login.toUpperCase()))?.id).toBe(first.id);
    expect((await listUsers()).some((u) => u.id === first.id)).toBe(true);
  });

  it('refuses a stale edit', async () => {
    const user = await createUser(newUser(`edit-${uniqueSuffix()}@it.portal.test`));
    await updateUser(user.id, 1, { firstName: 'New' });
    await expect(updateUser(user.id, 1, { firstName: 'Lost' })).rejects.toBeInstanceOf(ConflictError);
    expect(await getUser(user.id)).toMatchObject({ firstName: 'New', version: 2 });
  });

  it('never moves signedOutAt backwards', async () => {
    const user = await createUser(newUser(`out-${uniqueSuffix()}@it.portal.test`));
    await markSignedOut(user.id, 2000);
    await markSignedOut(user.id, 1000);
    expect((await getUser(user.id))?.signedOutAt).toBe(2000);
  });
});

describe('password reset tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('stores only a hash, and works once', async () => {
    const token = `T${uniqueSuffix()}`.padEnd(43, 'x');
    await saveResetToken(token, 'user-1', now() + 60);
    // The key the token would have if it were stored in clear: nothing there.
    const raw = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.passwordReset(token) }));
    expect(raw.Item).toBeUndefined();
    expect(await findResetToken(token, now())).toMatchObject({ userId: 'user-1' });
    const results = await Promise.all([consumeResetToken(token, now()), consumeResetToken(token, now())]);
    expect(results.sort()).toEqual(['user-1', null].sort());
    expect(await findResetToken(token, now())).toBeNull();
  });

  it('refuses an expired token even before TTL removes it', async () => {
    const token = `X${uniqueSuffix()}`.padEnd(43, 'y');
    await saveResetToken(token, 'user-1', now() - 1);
    expect(await findResetToken(token, now())).toBeNull();
    expect(await consumeResetToken(token, now())).toBeNull();
  });
});
