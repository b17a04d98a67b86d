/**
 * `npm run deploy:check -- -c stage=<name> [-c domain=… …]` (bin/deploy-check.ts): what a deploy of
 * that stage needs, checked before it runs (docs/deploy.md, "Before the first deploy").
 *
 * 1. the stage config with real values (no placeholders: loadConfig as `npm run deploy` calls it);
 * 2. a synthesis of every stack with cdk-nag (an unacknowledged error is a failure);
 * 3. the account: the CDK bootstrap (the portal's region and us-east-1), the certificate in
 *    us-east-1 (issued, covering the domain), the SES identity of the sender's domain, the Lambda
 *    concurrency quota the reserved concurrency needs. Through the AWS CLI with the caller's
 *    credentials; without the CLI, credentials or network, each of these says "not checked" and
 *    why, and the rest still runs (offline).
 */
import { spawnSync } from 'node:child_process';
import { App } from 'aws-cdk-lib';
import { loadConfig, stackName, type StageConfig } from './config';
import { requiredAccountConcurrency } from '../functions/platform/config/resources';
import { acknowledgeNagFindings, addNagChecks } from './nag';
import { createPortal, portalAppContext, type PortalOptions } from './portal';
import { WAF_REGION } from './waf';

type Status = 'ok' | 'missing' | 'not checked';
export interface CheckResult {
  readonly status: Status;
  readonly item: string;
  readonly detail: string;
}

/** One AWS CLI call: its JSON answer, or why there is none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call's answer has its own shape; each check reads the few fields it needs
export type AwsCli = (args: string[]) => { ok: true; json: any } | { ok: false; error: string };

export const awsCli: AwsCli = (args) => {
  const run = spawnSync('aws', [...args, '--output', 'json'], { encoding: 'utf8', timeout: 30_000 });
  if (run.error) return { ok: false, error: (run.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the AWS CLI is not installed' : run.error.message };
  if (run.status !== 0) return { ok: false, error: (run.stderr || `exit ${run.status}`).trim().split('\n').pop()! };
  try {
    return { ok: true, json: run.stdout.trim() ? JSON.parse(run.stdout) : {} };
  } catch {
    return { ok: false, error: 'unreadable answer' };
  }
};

/** `-c key=value` pairs of the command line, as the CDK CLI reads them. */
export function contextFromArgs(argv: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const pair = arg === '-c' || arg === '--context' ? argv[++i] : arg.startsWith('--context=') ? arg.slice(10) : undefined;
    if (pair === undefined) throw new Error(`Unknown argument ${arg}: use -c key=value`);
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`-c ${pair}: expected key=value`);
    context[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return context;
}

/** Config, synthesis and cdk-nag: all offline. */
export function checkTemplates(context: Record<string, string>, options: PortalOptions & { bundle?: boolean } = {}): { config?: StageConfig; results: CheckResult[]; bootstrapVersion?: number } {
  let config: StageConfig;
  try {
    // As `npm run deploy` reads it: a stage is required, placeholders are refused.
    config = loadConfig({ tryGetContext: (key) => ({ ...context, requireStage: 'true' })[key] });
  } catch (error) {
    return { results: [{ status: 'missing', item: 'stage config', detail: (error as Error).message }] };
  }
  const results: CheckResult[] = [{ status: 'ok', item: 'stage config', detail: `stage ${config.stage}: https://${config.domain}, sender ${config.senderEmail}, certificate given` }];
  const app = new App({
    context: { ...portalAppContext, ...context, ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}) },
    ...(options.bundle === false ? { builtinCloudFormationValidation: false } : {}),
  });
  const portal = createPortal(app, config, options);
  acknowledgeNagFindings(portal, config);
  addNagChecks(app);
  let assembly;
  try {
    assembly = app.synth();
  } catch (error) {
    // cdk-nag's errors (and the CDK's validation) fail the synthesis; the message lists them.
    results.push({ status: 'missing', item: 'synth and cdk-nag', detail: (error as Error).message.split('\n').slice(0, 20).join('\n') });
    return { config, results };
  }
  const stacks = assembly.stacks;
  const resources = stacks.reduce((n, s) => n + Object.keys((s.template as { Resources?: object }).Resources ?? {}).length, 0);
  const functions = stacks.reduce((n, s) => n + Object.values((s.template as { Resources?: Record<string, { Type: string }> }).Resources ?? {}).filter((r) => r.Type === 'AWS::Lambda::Function').length, 0);
  results.push({ status: 'ok', item: 'synth', detail: `${stacks.length} stacks, ${resources} resources, ${functions} functions (${stacks.map((s) => s.stackName).join(', ')})` });
  const nagErrors = stacks.flatMap((s) => s.messages.filter((m) => m.level === 'error' && /AwsSolutions-/.test(String(m.entry.data))));
  results.push(
    nagErrors.length
      ? { status: 'missing', item: 'cdk-nag', detail: nagErrors.map((m) => `${m.id}: ${String(m.entry.data).split('\n')[0]}`).join('\n') }
      : { status: 'ok', item: 'cdk-nag', detail: 'AwsSolutions: no unacknowledged error (acknowledgements with reasons: lib/nag.ts)' },
  );
  // The bootstrap version the stacks' synthesizer asks for (DefaultStackSynthesizer).
  const bootstrapVersion = Math.max(0, ...stacks.map((s) => s.requiresBootstrapStackVersion ?? 0));
  return { config, results, bootstrapVersion };
}

const notChecked = (item: string, why: string): CheckResult => ({ status: 'not checked', item, detail: why });

/** What the account must have before the first deploy. */
export function checkAccount(config: StageConfig, region: string | undefined, cli: AwsCli, bootstrapVersion = 6): CheckResult[] {
  const items = ['CDK bootstrap', 'certificate (us-east-1)', 'SES identity', 'Lambda concurrency quota'];
  const who = cli(['sts', 'get-caller-identity']);
  if (!who.ok) return items.map((item) => notChecked(item, `offline: ${who.error} (aws sts get-caller-identity)`));
  if (!region) return items.map((item) => notChecked(item, 'no region: set AWS_REGION to the portal\'s region'));
  const results: CheckResult[] = [];

  for (const r of [...new Set([region, WAF_REGION])]) {
    const param = cli(['ssm', 'get-parameter', '--name', '/cdk-bootstrap/hnb659fds/version', '--region', r]);
    const version = param.ok ? Number(param.json?.Parameter?.Value) : NaN;
    if (!param.ok && !/ParameterNotFound/.test(param.error)) results.push(notChecked(`CDK bootstrap ${r}`, param.error));
    else if (!(version >= bootstrapVersion))
      results.push({ status: 'missing', item: `CDK bootstrap ${r}`, detail: `${param.ok ? `version ${version}, needs ${bootstrapVersion}` : 'not bootstrapped'}: npx cdk bootstrap aws://${who.json.Account}/${r}` });
    else results.push({ status: 'ok', item: `CDK bootstrap ${r}`, detail: `version ${version}` });
  }

  const cert = cli(['acm', 'describe-certificate', '--certificate-arn', config.certificateArn ?? '', '--region', WAF_REGION]);
  if (!cert.ok) results.push({ status: /ResourceNotFound/.test(cert.error) ? 'missing' : 'not checked', item: 'certificate (us-east-1)', detail: cert.error });
  else {
    const c = cert.json.Certificate ?? {};
    const names: string[] = [c.DomainName, ...(c.SubjectAlternativeNames ?? [])].filter(Boolean);
    const covers = names.some((n) => n === config.domain || (n.startsWith('*.') && config.domain.split('.').slice(1).join('.') === n.slice(2)));
    if (c.Status !== 'ISSUED') results.push({ status: 'missing', item: 'certificate (us-east-1)', detail: `status ${c.Status}: publish ACM's validation CNAME and wait for ISSUED` });
    else if (!covers) results.push({ status: 'missing', item: 'certificate (us-east-1)', detail: `covers ${names.join(', ')}, not ${config.domain}` });
    else results.push({ status: 'ok', item: 'certificate (us-east-1)', detail: `ISSUED for ${config.domain}` });
  }

  const domain = config.senderEmail.split('@')[1]!;
  const identity = cli(['sesv2', 'get-email-identity', '--email-identity', domain, '--region', region]);
  const mailStack = cli(['cloudformation', 'describe-stacks', '--stack-name', stackName(config, 'Mail'), '--region', region]);
  if (!identity.ok && /NotFoundException/.test(identity.error)) {
    results.push({ status: 'ok', item: 'SES identity', detail: `${domain}: not there yet, the Mail stack creates it (then publish its DKIM records: docs/deploy.md, step 6)` });
  } else if (!identity.ok) results.push(notChecked('SES identity', identity.error));
  else if (!mailStack.ok) {
    results.push({ status: 'missing', item: 'SES identity', detail: `${domain} already exists outside ${stackName(config, 'Mail')}: the stack cannot create it; delete it (SES console) or deploy the stage in its own region` });
  } else {
    results.push(
      identity.json.VerifiedForSendingStatus
        ? { status: 'ok', item: 'SES identity', detail: `${domain}: verified for sending` }
        : { status: 'missing', item: 'SES identity', detail: `${domain}: not verified: publish the DkimRecords output as CNAMEs (docs/deploy.md, step 6)` },
    );
  }
  const account = cli(['sesv2', 'get-account', '--region', region]);
  if (account.ok && account.json.ProductionAccessEnabled === false) {
    results.push({ status: 'missing', item: 'SES production access', detail: `${region} is in the SES sandbox: mail reaches verified addresses only (docs/deploy.md, step 6)` });
  }

  const settings = cli(['lambda', 'get-account-settings', '--region', region]);
  const needed = requiredAccountConcurrency();
  if (!settings.ok) results.push(notChecked('Lambda concurrency quota', settings.error));
  else {
    const quota = Number(settings.json.AccountLimit?.ConcurrentExecutions);
    results.push(
      quota >= needed
        ? { status: 'ok', item: 'Lambda concurrency quota', detail: `${quota}, needs ${needed} (reserved concurrency + the 100 Lambda keeps unreserved)` }
        : { status: 'missing', item: 'Lambda concurrency quota', detail: `${quota}, needs ${needed}: request "Concurrent executions" of at least ${needed} (Service Quotas > AWS Lambda), or the deploy of the reserved concurrency fails` },
    );
  }
  return results;
}

export function formatResults(stage: string, region: string | undefined, results: readonly CheckResult[]): string {
  const mark: Record<Status, string> = { ok: 'ok         ', missing: 'MISSING    ', 'not checked': 'not checked' };
  const lines = [`deploy:check stage ${stage}, region ${region ?? '(AWS_REGION not set)'}`];
  for (const r of results) lines.push(`  ${mark[r.status]}  ${r.item}: ${r.detail.split('\n').join('\n               ')}`);
  const count = (s: Status) => results.filter((r) => r.status === s).length;
  lines.push(`${count('missing')} missing, ${count('not checked')} not checked, ${count('ok')} ok`);
  return lines.join('\n');
}
