/**
 * `npm run bench:lists`: do the admin lists stay flat as they grow? Starts a local stack on free
 * ports, signs the seeded administrator in, and times GET /api/users and GET /api/companies
 * through the gateway (handler, auth, one paginated GSI Query, JSON) with 10, then 1,000 users
 * and companies in the table (SIZES=10,5000 USERS_PER_COMPANY=4: the issue's 5,000 companies and
 * 20,000 users). Prints the medians, the answers' bytes (a page of 50 since the lists page) and
 * the ratio against the target (the large size within 3x the time of 10). A benchmark, not a
 * timed test: it never fails a build.
 *
 * The seed's own few users and companies come on top of both sizes. A route that still answers
 * 501 is timed as what it is and flagged. `--smoke`: 2 and 5 items, 2 runs.
 */
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../../localstack/stack';
import { HttpClient } from '../support/http-client';
import { sized } from './smoke';

const RUNS = Number(process.env.RUNS ?? sized(30, 2));
const TARGET_RATIO = 3;
const SIZES = process.env.SIZES ? process.env.SIZES.split(',').map(Number) : [sized(10, 2), sized(1000, 5)];
const USERS_PER_COMPANY = Number(process.env.USERS_PER_COMPANY ?? 1);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

const stack = await startLocalStack({ ports: 'free', web: 'none', seed: true, quiet: true });
// Imported after the stack set process.env (the repositories read it lazily, but keep it obvious).
const { createCompany } = await import('../../functions/data/companies');
const { createUser, listUsers } = await import('../../functions/data/users');
const { listCompanies } = await import('../../functions/data/companies');

/** The repository's GSI Query alone (no gateway, auth or JSON): where the time goes. */
async function timeQuery(list: () => Promise<unknown[]>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await list();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

let made = 0;
async function growTo(size: number): Promise<void> {
  const tag = randomUUID().slice(0, 6);
  const indexes = Array.from({ length: size - made }, (_, i) => made + i);
  await pool(indexes, 16, async (i) => {
    const company = await createCompany({ name: `Bench ${tag} ${String(i).padStart(4, '0')}`, product: i % 3 ? '360' : 'affiliate', country: 'FR', viewId: String(900000000 + i) });
    // Table records only: the lists read the table, not Cognito.
    for (let u = 0; u < USERS_PER_COMPANY; u++) {
      await createUser({
        id: randomUUID(),
        login: `bench-${tag}-${i}-${u}@bench.portal.test`,
        cognitoUsername: `bench-${tag}-${i}-${u}`,
        firstName: 'Bench',
        lastName: `User ${i}`,
        roles: ['ROLE_USER'],
        companyId: company.id,
        managedCompanyIds: [company.id],
      });
    }
  });
  made = size;
}

async function time(client: HttpClient, path: string): Promise<{ median: number; status: number; count: number; bytes: number }> {
  const samples: number[] = [];
  let status = 0;
  let count = 0;
  let bytes = 0;
  for (let i = 0; i < 3; i++) await client.get(path); // warm-up: module load, connections
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const answer = await client.get(path);
    samples.push(performance.now() - started);
    status = answer.status;
    bytes = answer.text.length;
    const body = answer.body as unknown;
    // A list, or an object holding one (`{ users: [...] }`).
    const inner = body && typeof body === 'object' && !Array.isArray(body) ? Object.values(body).find(Array.isArray) : undefined;
    count = Array.isArray(body) ? body.length : Array.isArray(inner) ? inner.length : 0;
  }
  return { median: median(samples), status, count, bytes };
}

try {
  const admin = stack.credentials.find((c) => c.role === 'ROLE_ADMIN');
  if (!admin) throw new Error('The seed has no administrator');
  const client = new HttpClient(stack.url);
  const signIn = await client.post('/api/security/login', { username: admin.login, password: admin.password });
  if (signIn.status !== 200) throw new Error(`Sign-in failed: ${signIn.status} ${signIn.text}`);

  const results: Record<string, Record<number, Awaited<ReturnType<typeof time>>>> = { '/api/users': {}, '/api/companies': {} };
  const queries: Record<string, Record<number, number>> = { '/api/users': {}, '/api/companies': {} };
  const repository: Record<string, () => Promise<unknown[]>> = { '/api/users': listUsers, '/api/companies': listCompanies };
  for (const size of SIZES) {
    await growTo(size);
    for (const path of Object.keys(results)) {
      results[path]![size] = await time(client, path);
      queries[path]![size] = await timeQuery(repository[path]!);
    }
  }

  console.log(`\nAdmin lists through the local gateway, median of ${RUNS} runs (seeded items come on top)\n`);
  const [low, high] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
  console.log(`call               status   items@${low}   median@${low}   bytes@${low}   items@${high}   median@${high}   bytes@${high}   ratio   target <= 3x`);
  for (const [path, bySize] of Object.entries(results)) {
    const small = bySize[low]!;
    const large = bySize[high]!;
    const ratio = large.median / small.median;
    const note = large.status === 501 ? 'NOT BUILT (501): timed the placeholder' : ratio <= TARGET_RATIO ? 'OK' : 'ABOVE TARGET';
    console.log(
      `${path.padEnd(18)} ${String(large.status).padEnd(8)} ${String(small.count).padStart(8)} ${small.median.toFixed(1).padStart(9)} ms ${String(small.bytes).padStart(9)} ${String(large.count).padStart(10)} ${large.median.toFixed(1).padStart(11)} ms ${String(large.bytes).padStart(10)} ${ratio.toFixed(2).padStart(6)}x   ${note}`,
    );
    console.log(`${''.padEnd(18)}   for comparison, the whole list's GSI Query (what GET answered before it paged): ${queries[path]![low]!.toFixed(1)} ms @${low}, ${queries[path]![high]!.toFixed(1)} ms @${high}`);
  }
} finally {
  await stack.stop();
}
