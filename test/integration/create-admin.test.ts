import { beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../functions/cli/create-admin';
import { createFirstAdmin } from '../../functions/core/users/create-admin';
import { ConflictError } from '../../functions/platform/errors';
import { uniqueSuffix } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** `npm run create-admin`: the first administrator of a stage, against the local stack. */
let stack: ReturnType<typeof localStack>;
beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

describe('create-admin', () => {
  it('creates an administrator with a temporary password, whose first sign-in asks for a new one', async () => {
    const login = `first-admin-${uniqueSuffix()}@it.portal.test`;
    const companyName = `Team ${uniqueSuffix()}`;
    const { user, company, temporaryPassword } = await createFirstAdmin({ login, firstName: 'Ada', lastName: 'Admin', companyName });
    expect(user.roles).toEqual(['ROLE_ADMIN']);
    expect(company).toMatchObject({ name: companyName, isDefault: true });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const answer = await new Browser(stack.url).post('/api/security/login', { username: login, password: temporaryPassword });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('new-password-required');
    await expect(createFirstAdmin({ login, firstName: 'Ada', lastName: 'Admin', companyName })).rejects.toBeInstanceOf(ConflictError);
  });

  it('reads its command line', () => {
    expect(parseArgs(['--email', 'ada@team.com', '--first', 'Ada', '--last', 'Lovelace'])).toEqual({
      login: 'ada@team.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Portal Team',
    });
    expect(() => parseArgs(['--email', 'not-an-email', '--first', 'A', '--last', 'B'])).toThrow(/usage/);
  });
});
