/**
 * `npm start`: the local AWS, the API gateway and the web app (Vite dev) on http://127.0.0.1:3000.
 * Ctrl-C stops everything it started. Ports: PORT, DYNAMODB_PORT, S3_PORT, SES_PORT, COGNITO_PORT.
 * WEB=dist serves the built app (npm run build:web) instead of Vite; WEB=none serves only /api.
 */
import { StartupError } from './emulators';
import { startLocalStack, type LocalStack, type SeededLogin } from './stack';
import type { WebMode } from './gateway';

function table(rows: SeededLogin[]): string {
  const header = ['role', 'login', 'password', 'company'] as const;
  const cells = [header.map((h) => h.toUpperCase()), ...rows.map((row) => header.map((h) => String(row[h] ?? '')))];
  const widths = header.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => `  ${values.map((v, i) => v.padEnd(widths[i]!)).join('   ')}`;
  return [line(cells[0]!), `  ${widths.map((w) => '-'.repeat(w)).join('   ')}`, ...cells.slice(1).map(line)].join('\n');
}

async function main(): Promise<void> {
  const web = (process.env.WEB ?? 'dev') as WebMode;
  if (!['dev', 'dist', 'none'].includes(web)) throw new StartupError(`WEB=${web}: expected dev, dist or none`);

  let stack: LocalStack | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    // A second Ctrl-C while stopping is ignored by the guard; a hard limit avoids hanging forever.
    setTimeout(() => {
      console.error('Stopping took too long; exiting.');
      process.exit(1);
    }, 15_000).unref();
    // Still starting: the start-up sequence below sees `stopping` and stops what it started.
    if (!stack) return;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  stack = await startLocalStack({ ports: 'default', web, seed: true });
  if (stopping) {
    await stack.stop();
    process.exit(0);
  }
  const { url, endpoints, credentials, timings } = stack;

  console.log('');
  console.log(`  Onboarding portal:  ${url}`);
  console.log(`  Started in ${(timings.total! / 1000).toFixed(1)} s (${Object.entries(timings).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${v} ms`).join(', ')})`);
  console.log('');
  console.log(`  DynamoDB Local      ${endpoints.dynamodb}   table ${stack.env.TABLE_NAME}`);
  console.log(`  s3rver              ${endpoints.s3}   bucket ${stack.env.FEED_BUCKET} (key S3RVER/S3RVER)`);
  console.log(`  aws-ses-v2-local    ${endpoints.ses}   sent mail: ${endpoints.ses}/ (UI), ${endpoints.ses}/store (JSON)`);
  console.log(`  cognito-local       ${endpoints.cognito}   pool ${stack.env.USER_POOL_ID}`);
  console.log('');
  if (credentials.length > 0) {
    console.log('  Seeded logins:');
    console.log(table(credentials));
  } else {
    console.log('  No seeded logins (localstack/seed.ts missing or returned none).');
  }
  console.log('');
  console.log('  Everything is in memory: Ctrl-C stops it and forgets it.');
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) console.error(`\nCannot start the local stack: ${error.message}`);
  else console.error('\nCannot start the local stack:', error);
  process.exit(1);
});
