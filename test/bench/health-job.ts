/**
 * `npm run bench:health-job`: the daily re-check's data-health part for 1,000 companies on the
 * local stack (docs/product.md, "Data health"). Seeds COMPANIES companies with a View ID (sandbox
 * property, dimension 1) and a few imported UTM rows each, no feed URL (the feed's own cost is
 * `npm run bench:feeds`), then times two runs of the real job through the gateway (dispatcher,
 * local SQS, worker): the first (no state yet) and the next day's. `--smoke`: 3 companies.
 */
import { randomUUID } from 'node:crypto';
import { startLocalStack } from '../../localstack/stack';
import { sized } from './smoke';

const COMPANIES = Number(process.env.COMPANIES ?? sized(1000, 3));

const stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true });
const { createCompany } = await import('../../functions/data/companies');
const { putTraffic } = await import('../../functions/data/traffic');
const { runLocalFeedRecheck } = await import('../../localstack/job-feeds');

try {
  const started = performance.now();
  const ids = Array.from({ length: COMPANIES }, (_, i) => i);
  for (let i = 0; i < ids.length; i += 20) {
    await Promise.all(
      ids.slice(i, i + 20).map(async (n) => {
        const company = await createCompany({
          name: `Health bench ${n} ${randomUUID().slice(0, 6)}`,
          product: '360',
          country: 'FR',
          viewId: `100001${String(n).padStart(6, '0')}${Math.floor(Math.random() * 1000)}`,
          dimensionIndex: '1',
        });
        await putTraffic(company.id, [
          { utmSource: 'google', utmMedium: 'cpc', utmCampaign: `c${n}`, sessions: 900 },
          { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'weekly', sessions: 100 },
        ]);
      }),
    );
  }
  console.log(`Seeded ${COMPANIES} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const [label, day] of [['first run', 1], ['next day', 2]] as const) {
    const time = new Date(Date.now() + day * 86_400_000).toISOString();
    const t0 = performance.now();
    const run = await runLocalFeedRecheck(stack.url, { time });
    const ms = performance.now() - t0;
    const checked = run.local.outcomes.filter((o) => o.dataHealth).length;
    // Timing a job that checked nothing would measure nothing.
    if (checked === 0) throw new Error(`${label}: no company got a data-health check (${run.local.deadLettered.length} dead letters)`);
    console.log(
      `${label}: ${run.companies} dispatched, ${checked} data-health checks, ${run.local.deadLettered.length} dead letters: ${(ms / 1000).toFixed(1)} s (${(ms / run.companies).toFixed(1)} ms a company)`,
    );
  }
} finally {
  await stack.stop();
}
