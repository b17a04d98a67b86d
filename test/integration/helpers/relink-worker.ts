/**
 * A relink job in a process of its own, so a test can kill it as Lambda or the machine would
 * (SIGKILL: no finally, no last write). Runs the real relinkTraffic with the real data layer on the
 * environment it was given (the test stack's), `pageSize` combinations a page.
 *
 *   node --import tsx test/integration/helpers/relink-worker.ts <companyId> <pageSize>
 */
import { defaultRelinkDeps, relinkTraffic } from '../../../functions/core/traffic/links';

const [companyId, pageSize] = process.argv.slice(2);
const run = await relinkTraffic(companyId!, { ...defaultRelinkDeps(), pageSize: Number(pageSize) });
process.stdout.write(`${JSON.stringify(run)}\n`);
