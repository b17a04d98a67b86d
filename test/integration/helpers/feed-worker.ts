/**
 * A feed-check worker in a process of its own, so a test can kill it as Lambda or the machine
 * would (SIGKILL: no finally, no last write). Runs the real runFeedCheck with the real data layer
 * on the environment it was given (the test stack's).
 *
 *   node --import tsx test/integration/helpers/feed-worker.ts <companyId> <checkId> <feedUrl>
 */
import { getCompany } from '../../../functions/data/companies';
import { getFeedCheck } from '../../../functions/data/feed-checks';
import { runFeedCheck } from '../../../functions/core/order-feed/run-feed-check';

const [companyId, checkId, feedUrl] = process.argv.slice(2);
const company = await getCompany(companyId!);
const check = await getFeedCheck(companyId!, checkId!);
if (!company || !check) throw new Error(`feed-worker: no check ${checkId} of company ${companyId}`);
const done = await runFeedCheck(company, check, { feedUrl: feedUrl! });
process.stdout.write(`${done.status}\n`);
