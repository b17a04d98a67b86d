import { randomUUID } from 'node:crypto';
import type { CompanyRecord, NewCompany } from '../../../functions/data/companies';
import type { UserRecord } from '../../../functions/data/users';
import { ensureCompany, ensureUser } from '../../../localstack/seed';
import type { Role } from '../../../shared/domain/types';
import { Browser } from './browser';

/**
 * Fixtures made through the portal's own repositories and Cognito calls (the seed's helpers),
 * with a unique suffix so test files never share users or companies.
 */

export const uniqueSuffix = (): string => randomUUID().slice(0, 8);

export async function makeCompany(name: string, over: Partial<NewCompany> = {}): Promise<CompanyRecord> {
  return ensureCompany({ name: `${name} ${uniqueSuffix()}`, product: '360', country: 'FR', ...over });
}

export interface TestUser {
  record: UserRecord;
  login: string;
  password: string;
}

export async function makeUser(
  role: Role,
  company: CompanyRecord,
  options: { managed?: CompanyRecord[]; temporary?: boolean; password?: string } = {},
): Promise<TestUser> {
  const login = `${role.slice(5).toLowerCase()}-${uniqueSuffix()}@it.portal.test`;
  const password = options.password ?? `Pass-${uniqueSuffix()}`;
  const record = await ensureUser({
    login,
    password,
    role,
    firstName: 'Test',
    lastName: role,
    companyId: company.id,
    managedCompanyIds: options.managed?.map((c) => c.id),
    temporary: options.temporary ?? false,
  });
  return { record, login, password };
}

/** A client signed in as the user (fails the test if the sign-in does not succeed). */
export async function signedIn(baseUrl: string, user: TestUser): Promise<Browser> {
  const client = new Browser(baseUrl);
  const answer = await client.post('/api/security/login', { username: user.login, password: user.password });
  if (answer.status !== 200 || answer.body?.status !== 'signed-in') {
    throw new Error(`Sign-in of ${user.login} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return client;
}
