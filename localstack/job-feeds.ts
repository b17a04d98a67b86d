/**
 * `npm run job:feeds`: runs the daily feed re-check now against the running local stack
 * (`npm start`; PORT as given to it, default 3000). The local gateway serves Lambda's Invoke API:
 * this asks it to run the re-check (localstack/feed-recheck-local.ts), which dispatches one
 * message per company with a stored feed URL or View ID to the local SQS and waits until the worker
 * has handled each (retries, then dead letters: docs/order-feed.md, "Daily re-check").
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { pathToFileURL } from 'node:url';
import type { DailyOutcome } from '../functions/jobs/feed-recheck-worker';
import type { LocalFeedRecheckRun, LocalRecheckEvent } from './feed-recheck-local';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './provision';

/** Runs the re-check through the gateway at `gatewayUrl` and returns the run's account. */
export async function runLocalFeedRecheck(gatewayUrl: string, event: LocalRecheckEvent = {}): Promise<LocalFeedRecheckRun> {
  const client = new LambdaClient({ endpoint: gatewayUrl, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  try {
    const answer = await client.send(new InvokeCommand({ FunctionName: 'feed-recheck', InvocationType: 'RequestResponse', Payload: new TextEncoder().encode(JSON.stringify(event)) }));
    const payload = JSON.parse(new TextDecoder().decode(answer.Payload ?? new Uint8Array()) || 'null') as LocalFeedRecheckRun & { errorMessage?: string };
    if (answer.FunctionError) throw new Error(`the re-check failed: ${payload?.errorMessage ?? answer.FunctionError}`);
    return payload;
  } finally {
    client.destroy();
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the feed part of one company's run did, in words. */
function feedLine(outcome: DailyOutcome): string {
  if (outcome.outcome === 'checked') {
    const tried = outcome.attempt ? ` (retry ${outcome.attempt})` : '';
    const next = outcome.retryAt ? `, tried again at ${outcome.retryAt}` : '';
    return `feed checked${tried}: ${outcome.previous ?? 'never checked'} -> ${outcome.health}${next}${outcome.alerted ? ' (team mailed)' : ''}`;
  }
  const why = {
    'no-feed-url': 'no feed URL stored',
    busy: 'a check of it was already running',
    'no-company': 'the company no longer exists',
    superseded: 'a retry, but another check came since',
  }[outcome.reason];
  return `feed not checked (${why})`;
}

/** What the data-health part did: each kind's status, and whom it mailed. */
function healthLine(outcome: DailyOutcome): string {
  const health = outcome.dataHealth;
  if (!health) return outcome.outcome === 'skipped' && outcome.reason === 'no-company' ? '' : '; data health not checked';
  const statuses = Object.entries(health.statuses).map(([kind, status]) => `${kind} ${status}`).join(', ');
  const mailed = health.mailed.length ? `, ${plural(health.recipients, 'user', 'users')} mailed about ${health.mailed.map((event) => event.kind).join(', ')}` : ', no new alert: nobody mailed';
  return `; data health: ${statuses || 'nothing to check'}${mailed}`;
}

/**
 * The run's account, line by line, saying what was done and why nothing else: the dispatcher sends
 * every company with a feed URL OR a View ID (the same run checks the data health), so a company
 * without a feed URL is listed with its feed not checked and its data health checked.
 */
export function describeRun(run: LocalFeedRecheckRun): string[] {
  const local = run.local;
  const lines = [`Daily re-check at ${run.runAt}: ${plural(run.companies, 'company', 'companies')} with a feed URL or a View ID`];
  for (const outcome of local?.outcomes ?? []) lines.push(`  ${outcome.companyName ?? '(unknown company)'} (${outcome.companyId}): ${feedLine(outcome)}${healthLine(outcome)}`);
  if (local) {
    lines.push(`${plural(local.handled, 'message', 'messages')} handled, ${plural(local.failedDeliveries, 'failed delivery', 'failed deliveries')}, ${local.deadLettered.length} dead-lettered`);
    for (const dead of local.deadLettered) lines.push(`  dead letter after ${dead.receiveCount} deliveries: ${dead.body} (${dead.error})`);
  }
  return lines;
}

async function main(): Promise<void> {
  const url = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
  let run: LocalFeedRecheckRun;
  try {
    run = await runLocalFeedRecheck(url);
  } catch (error) {
    const refused = (error as { code?: string }).code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String((error as Error).message));
    throw new Error(refused ? `no local stack answers at ${url}: start it with \`npm start\` (same PORT)` : (error as Error).message);
  }
  for (const line of describeRun(run)) console.log(line);
  if (run.local?.deadLettered.length) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`job:feeds: ${(error as Error).message}`);
    process.exit(2);
  });
}
