/**
 * `npm run job:feeds`: runs the daily feed re-check now against the running local stack
 * (`npm start`; PORT as given to it, default 3000). The local gateway serves Lambda's Invoke API:
 * this asks it to run the re-check (localstack/feed-recheck-local.ts), which dispatches one
 * message per company with a stored feed URL to the local SQS and waits until the worker
 * has handled each (retries, then dead letters: docs/order-feed.md, "Daily re-check").
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { pathToFileURL } from 'node:url';
import type { LocalFeedRecheckRun } from './feed-recheck-local';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './provision';

/** Runs the re-check through the gateway at `gatewayUrl` and returns the run's account. */
export async function runLocalFeedRecheck(gatewayUrl: string, event: { duplicateDeliveries?: boolean; time?: string } = {}): Promise<LocalFeedRecheckRun> {
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

async function main(): Promise<void> {
  const url = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
  let run: LocalFeedRecheckRun;
  try {
    run = await runLocalFeedRecheck(url);
  } catch (error) {
    const refused = (error as { code?: string }).code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String((error as Error).message));
    throw new Error(refused ? `no local stack answers at ${url}: start it with \`npm start\` (same PORT)` : (error as Error).message);
  }
  const local = run.local;
  console.log(`Feed re-check at ${run.runAt}: ${run.companies} compan${run.companies === 1 ? 'y' : 'ies'} with a stored feed URL`);
  for (const outcome of local?.outcomes ?? []) {
    if (outcome.outcome === 'checked') {
      console.log(`  ${outcome.companyName} (${outcome.companyId})  ${outcome.previous ?? 'none'} -> ${outcome.health}${outcome.alerted ? '  (team mailed)' : ''}`);
    } else {
      console.log(`  ${outcome.companyName ?? ''} (${outcome.companyId})  skipped: ${outcome.reason}`);
    }
  }
  if (local) {
    console.log(`Handled ${local.handled}, failed deliveries ${local.failedDeliveries}, dead-lettered ${local.deadLettered.length}`);
    for (const dead of local.deadLettered) console.log(`  dead letter after ${dead.receiveCount} deliveries: ${dead.body} (${dead.error})`);
  }
  if (local?.deadLettered.length) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`job:feeds: ${(error as Error).message}`);
    process.exit(2);
  });
}
