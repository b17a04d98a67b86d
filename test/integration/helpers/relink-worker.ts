/**
 * A relink job in a process of its own, so a test can kill it as Lambda or the machine would
 * (SIGKILL: no finally, no last write). Runs the real relinkTraffic with the real data layer on the
 * environment it was given (the test stack's), `pageSize` combinations a page. With `stallAfter`,
 * it stops dead (alive, writing nothing more) once that many pages have saved their cursor: the
 * test then kills it mid-pass whatever the machine's pace (a fast run could otherwise finish the
 * pass between two of the test's polls).
 *
 *   node --import tsx test/integration/helpers/relink-worker.ts <companyId> <pageSize> [stallAfter]
 */
import { defaultRelinkDeps, relinkTraffic } from '../../../functions/core/traffic/links';
import { documentClient } from '../../../functions/platform/clients/dynamodb';

const [companyId, pageSize, stallAfter] = process.argv.slice(2);
if (stallAfter) {
  let saved = 0;
  documentClient().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      // The job's progress write (functions/data/traffic-relink.ts renewRelink): a page done.
      if (String((args.input as { UpdateExpression?: unknown }).UpdateExpression ?? '').startsWith('SET #cursor') && ++saved >= Number(stallAfter)) await new Promise(() => undefined);
      return result;
    },
    { step: 'initialize', name: 'stallAfterPages' },
  );
}
const run = await relinkTraffic(companyId!, { ...defaultRelinkDeps(), pageSize: Number(pageSize) });
process.stdout.write(`${JSON.stringify(run)}\n`);
