/**
 * `npm run bench:health-job`: the daily re-check's data-health part for 1,000 companies on the
 * local stack (docs/product.md, "Data health"). Seeds COMPANIES companies with a View ID (sandbox
 * property, dimension 1) and a few imported UTM rows each, no feed URL (the feed's own cost is
 * `npm run bench:feeds`), then times two runs of the real job through the gateway (dispatcher,
 * local SQS, worker): the first (no state yet) and the next day's. For each run it counts the
 * DynamoDB calls by command and the analytics provider's calls by method (the sandbox provider's,
 * in this process), and prints how long the same calls take within the job's share of the
 * provider's quotas (docs/analytics.md, "The daily job and the provider's quotas"). The bench's
 * own quota limits are lifted (the sandbox has none) unless set in the environment: the counters
 * are still taken, so their DynamoDB calls are in the figures. `--smoke`: 3 companies.
 */
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../../localstack/stack';
import { sized } from './smoke';

const COMPANIES = Number(process.env.COMPANIES ?? sized(1000, 3));

const { analyticsQuota, quotaEnvNames } = await import('../../functions/platform/config/resources');
// The job's real limits, for the arithmetic below; the run itself is not held back by them.
const QUOTA = { ...analyticsQuota };
process.env[quotaEnvNames.projectRequestsPerMinute] ??= '1000000000';
process.env[quotaEnvNames.projectRequestsPerDay] ??= '1000000000';

const stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true });
const { documentClient } = await import('../../functions/platform/clients/dynamodb');
const { sandboxProvider } = await import('../../functions/core/analytics/sandbox-provider');

/** Calls counted since the last `take()`: DynamoDB commands by name, provider calls by method. */
const calls = { dynamodb: new Map<string, number>(), provider: new Map<string, number>() };
const bump = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);
documentClient().middlewareStack.add((next, context) => (args) => (bump(calls.dynamodb, context.commandName ?? '?'), next(args)), { step: 'initialize', name: 'bench-count' });
for (const name of Object.keys(sandboxProvider) as Array<keyof typeof sandboxProvider>) {
  const call = sandboxProvider[name] as (...args: unknown[]) => Promise<unknown>;
  (sandboxProvider as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (bump(calls.provider, name), call(...args));
}
const take = () => {
  const taken = { dynamodb: new Map(calls.dynamodb), provider: new Map(calls.provider) };
  calls.dynamodb.clear();
  calls.provider.clear();
  return taken;
};
const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const listed = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ${count}`).join(', ');
const { loadCompanies } = await import('../../functions/data/companies');
const { putTraffic } = await import('../../functions/data/traffic');
const { runLocalFeedRecheck } = await import('../../localstack/job-feeds');
const { chunks, pool } = await import('../support/platform-load');

try {
  const started = performance.now();
  const tag = randomUUID().slice(0, 6);
  // Bulk loads (the items createCompany writes, in batch writes; test/support/platform-load.ts): a busy machine's DynamoDB Local keeps up.
  for (const batch of chunks(Array.from({ length: COMPANIES }, (_, i) => i), 200)) {
    const companies = await loadCompanies(
      batch.map((n) => ({ name: `Health bench ${n} ${tag}`, product: '360' as const, country: 'FR', viewId: `100001${String(n).padStart(6, '0')}${tag.replace(/\D/g, '').slice(0, 3)}`, dimensionIndex: '1' })),
    );
    await pool(companies, 4, (company) =>
      putTraffic(company.id, [
        { utmSource: 'google', utmMedium: 'cpc', utmCampaign: `c${company.name}`, sessions: 900 },
        { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'weekly', sessions: 100 },
      ]),
    );
  }
  console.log(`Seeded ${COMPANIES} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const [label, day] of [['first run', 1], ['next day', 2]] as const) {
    const time = new Date(Date.now() + day * 86_400_000).toISOString();
    take();
    const t0 = performance.now();
    const run = await runLocalFeedRecheck(stack.url, { time });
    const ms = performance.now() - t0;
    const checked = run.local.outcomes.filter((o) => o.dataHealth).length;
    // Timing a job that checked nothing would measure nothing.
    if (checked === 0) throw new Error(`${label}: no company got a data-health check (${run.local.deadLettered.length} dead letters)`);
    console.log(
      `${label}: ${run.companies} dispatched, ${checked} data-health checks, ${run.local.deadLettered.length} dead letters: ${(ms / 1000).toFixed(1)} s (${(ms / run.companies).toFixed(1)} ms a company)`,
    );
    const { dynamodb, provider } = take();
    const providerCalls = total(provider);
    console.log(`  DynamoDB: ${total(dynamodb)} calls (${(total(dynamodb) / run.companies).toFixed(1)} a company): ${listed(dynamodb)}`);
    console.log(`  provider: ${providerCalls} calls (${(providerCalls / run.companies).toFixed(1)} a company): ${listed(provider)}`);
    // What Google's quotas would make of the same calls (the job's share: functions/platform/config/resources.ts analyticsQuota).
    const minutes = providerCalls / QUOTA.projectRequestsPerMinute;
    console.log(
      `  within the quotas: at least ${minutes.toFixed(1)} min at ${QUOTA.projectRequestsPerMinute} calls a minute; ${providerCalls} of the day's ${QUOTA.projectRequestsPerDay} (${((100 * providerCalls) / QUOTA.projectRequestsPerDay).toFixed(0)} %)${providerCalls > QUOTA.projectRequestsPerDay ? ': OVER the day, the rest is deferred' : ''}`,
    );
  }
} finally {
  await stack.stop();
}
