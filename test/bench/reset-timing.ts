/**
 * `npm run bench:reset-timing`: does the password reset request's answer time tell whether an
 * account exists? Starts the local stack, then asks for resets of a real account and of unknown
 * logins, interleaved, and reports both medians and how well the best time cut-off classifies
 * them (50% = chance, what we want; the probe that found the leak classified 88%).
 *
 * Locally the job runs in the same process as the request handlers, so the machine is shared;
 * on AWS it runs in its own Lambda and cannot slow the answers at all. `--smoke`: 3 rounds.
 */
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../../localstack/stack';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { sized } from './smoke';

const ROUNDS = Number(process.env.ROUNDS ?? sized(150, 3));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Best accuracy of "slower than t means known" (or the reverse) over every cut-off t. */
function bestCutOffAccuracy(known: number[], unknown: number[]): number {
  const all = [...known.map((t) => [t, 1] as const), ...unknown.map((t) => [t, 0] as const)].sort((a, b) => a[0] - b[0]);
  let best = 0.5;
  let knownBelow = 0;
  let unknownBelow = 0;
  for (const [, isKnown] of all) {
    if (isKnown) knownBelow++;
    else unknownBelow++;
    const accuracy = (unknownBelow + (known.length - knownBelow)) / all.length;
    best = Math.max(best, accuracy, 1 - accuracy);
  }
  return best;
}

async function post(url: string, login: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/security/password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ login }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`password-reset answered ${res.status}`);
  return performance.now() - started;
}

const stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true });
try {
  const company = await ensureCompany({ name: `Timing ${randomUUID().slice(0, 6)}`, product: '360', country: 'FR' });
  // A few real accounts, so the per-account cap does not turn most requests into "capped" jobs.
  const logins = await Promise.all(
    Array.from({ length: 5 }, async (_, i) => {
      const login = `timing-${i}-${randomUUID().slice(0, 6)}@bench.portal.test`;
      await ensureUser({ login, password: 'Bench-pass-1', role: 'ROLE_USER', firstName: 'B', lastName: 'B', companyId: company.id, temporary: false });
      return login;
    }),
  );
  // Warm-up: module loads and connections.
  for (let i = 0; i < sized(10, 1); i++) await post(stack.url, `warm-${i}@bench.portal.test`);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    known.push(await post(stack.url, logins[i % logins.length]!));
    unknown.push(await post(stack.url, `nobody-${i}-${randomUUID().slice(0, 6)}@bench.portal.test`));
  }
  console.log(`password reset request, ${ROUNDS} rounds (known / unknown account, interleaved):`);
  console.log(`  median  ${median(known).toFixed(1)} ms / ${median(unknown).toFixed(1)} ms`);
  console.log(`  best cut-off classifies ${(bestCutOffAccuracy(known, unknown) * 100).toFixed(0)}% (50% = no signal)`);
} finally {
  await stack.stop();
}
