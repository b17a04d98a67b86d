/**
 * `npm run reindex-lists`: writes the lists' rows and the guards of every company, its steps, collectors, sources and traffic, every user and default collector of a stage
 * (functions/core/companies/reindex-lists.ts; docs/deploy.md, "After deploying"), with the AWS
 * credentials of the shell and the stage's table named by the environment (TABLE_NAME,
 * AWS_REGION: the Data stack's outputs). Prints what it wrote.
 */
import { pathToFileURL } from 'node:url';
import { reindexLists } from '../core/companies/reindex-lists';

async function main(): Promise<void> {
  const { companies, users, steps, collectors, defaultCollectors, sources, commissions, traffic, viewIdClashes } = await reindexLists();
  console.log(`Companies: ${companies.written} re-indexed, ${companies.skipped} skipped (gone or edited meanwhile).`);
  console.log(`Steps (status report): ${steps} re-indexed.`);
  console.log(`Collectors: ${collectors} re-indexed; default collectors: ${defaultCollectors} re-indexed.`);
  console.log(`Sources: ${sources} re-indexed; affiliate commissions: ${commissions} re-indexed; traffic combinations: ${traffic} re-indexed.`);
  console.log(`Users: ${users.written} re-indexed, ${users.skipped} skipped (gone or edited meanwhile).`);
  if (viewIdClashes.length) console.log(`View IDs held by another company (settle by hand, then run again): ${viewIdClashes.join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`reindex-lists: ${(error as Error).message}`);
    process.exit(2);
  });
}
