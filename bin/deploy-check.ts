/**
 * `npm run deploy:check -- -c stage=<name> [-c domain=… -c certificateArn=… …]`: checks a stage
 * before `npm run deploy` (lib/deploy-check.ts, docs/deploy.md). Exit 1 when something is missing;
 * what could not be checked (offline) is printed as such.
 */
import { awsCli, checkAccount, checkTemplates, contextFromArgs, formatResults } from '../lib/deploy-check';

const context = contextFromArgs(process.argv.slice(2));
const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
const templates = checkTemplates(context);
const results = [...templates.results, ...(templates.config ? checkAccount(templates.config, region, awsCli, templates.bootstrapVersion) : [])];
console.log(formatResults(context.stage ?? '(none)', region, results));
process.exitCode = results.some((r) => r.status === 'missing') ? 1 : 0;
