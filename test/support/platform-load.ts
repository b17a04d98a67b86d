/**
 * A large platform made quickly for the scale checks (`npm run bench:scale`,
 * test/integration/platform-scale.test.ts): companies and their users written through the
 * repositories' bulk loads (`loadCompanies`, `loadUsers`: the items createCompany and createUser
 * write, in batch writes), 100 companies a batch, 2 batches at once (more time out on a busy machine). Users have no identity: the
 * lists read the table, nobody signs in as them.
 */
import { randomUUID } from 'node:crypto';
import { loadCompanies } from '../../functions/data/companies';
import { loadUsers } from '../../functions/data/users';

/** The admin APIs whose answers must not grow with the platform (the issue-30 targets). */
export const ADMIN_APIS = ['/api/users', '/api/companies', '/api/integration-status/report', '/api/default-collectors', '/api/audit', '/api/companies/managed', '/api/users/current'];

/** Largest answer any request may give (issue 30). */
export const ANSWER_BYTES_MAX = 200 * 1024;

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

export const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Adds the companies numbered `from` to `to` - 1 (names and View IDs made from `tag` and the
 * number: unique per tag), each with `usersPerCompany` users, one in 50 companies' first a manager.
 */
export async function loadPlatform(tag: string, from: number, to: number, usersPerCompany: number, viewIdBase = 700_000_000): Promise<void> {
  const numbers = Array.from({ length: to - from }, (_, i) => from + i);
  await pool(chunks(numbers, 100), 2, async (batch) => {
    // Ids made once: a batch sent again after a timeout of the busy emulator writes the same items.
    const companies = batch.map((i) => ({ id: randomUUID(), name: `Bench ${tag} ${String(i).padStart(5, '0')}`, product: i % 3 ? ('360' as const) : ('affiliate' as const), country: i % 2 ? 'FR' : 'DE', viewId: String(viewIdBase + i) }));
    const users = companies.flatMap((company, c) =>
      Array.from({ length: usersPerCompany }, (_, u) => ({
        id: randomUUID(),
        login: `bench-${tag}-${batch[c]}-${u}@bench.portal.test`,
        cognitoUsername: `bench-${tag}-${batch[c]}-${u}`,
        firstName: `Bench${u}`,
        lastName: `User ${batch[c]}`,
        roles: [u === 0 && batch[c]! % 50 === 0 ? ('ROLE_MANAGER' as const) : ('ROLE_USER' as const)],
        companyId: company.id,
        managedCompanyIds: [company.id],
      })),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        await loadUsers(users, await loadCompanies(companies));
        return;
      } catch (error) {
        if (attempt === 3 || (error as Error).name !== 'TimeoutError') throw error;
      }
    }
  });
}
