import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_APIS, ANSWER_BYTES_MAX, loadPlatform } from '../support/platform-load';
import { makeCompany, makeUser, signedIn, uniqueSuffix, type TestUser } from './helpers/accounts';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * `npm run bench:scale`'s size assertions at 1,000 companies and 10,000 users (issue 30; the bench
 * itself runs at 10,000 outside CI and also measures time, pages and Lighthouse): no admin answer
 * over 200 KB, and an administrator's sign-in and current-user answers the same size before and
 * after the platform grew. Nothing here is timed. The platform is loaded into the shared stack:
 * the other test files search for their own records, so the extra rows change none of their pages.
 */

const COMPANIES = 1000;
const USERS_PER_COMPANY = 10;

let stack: ReturnType<typeof localStack>;
let adminUser: TestUser;

const sessionSizes = async () => {
  const admin = await signedIn(stack.url, adminUser);
  const current = await admin.get('/api/users/current');
  expect(current.status).toBe(200);
  // The sign-in answer again, as the browser receives it.
  const signIn = await admin.clone().post('/api/security/login', { username: adminUser.login, password: adminUser.password });
  return { admin, signIn: Buffer.byteLength(signIn.text), current: Buffer.byteLength(current.text) };
};

let before: Awaited<ReturnType<typeof sessionSizes>>;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  adminUser = await makeUser('ROLE_ADMIN', await makeCompany('Scale home'));
  before = await sessionSizes();
  // View IDs of their own range: the bulk load writes its guards unconditionally.
  await loadPlatform(`it-${uniqueSuffix()}`, 0, COMPANIES, USERS_PER_COMPANY, 610_000_000 + Math.floor(Math.random() * 1000) * 1000);
}, 900_000);

describe(`the platform at ${COMPANIES} companies and ${COMPANIES * USERS_PER_COMPANY} users`, () => {
  it('answers every admin API in under 200 KB', async () => {
    const { admin } = await sessionSizes();
    const answers = [];
    for (const path of ADMIN_APIS) {
      const answer = await admin.get(path);
      answers.push({ path, status: answer.status, bytes: Buffer.byteLength(answer.text) });
    }
    expect(answers.filter((answer) => answer.status !== 200 || answer.bytes >= ANSWER_BYTES_MAX)).toEqual([]);
  });

  it("keeps an administrator's sign-in and current-user answers the size they were", async () => {
    const after = await sessionSizes();
    expect({ signIn: after.signIn, current: after.current }).toEqual({ signIn: before.signIn, current: before.current });
  });
});
