/** Builds every stack of one stage; used by bin/app.ts and by the infra tests. */
import { readFileSync } from 'node:fs';
import type { App } from 'aws-cdk-lib';
import { Fn, Tags, type Stack } from 'aws-cdk-lib';
import type { RouteDef } from '../shared/routes';
import { ApiStack } from './api';
import { AuthStack } from './auth';
import { runsOnEmulator, stackName, type StageConfig } from './config';
import { annotateLocalStackSupport } from './localstack-support';
import { DataStack } from './data';
import { JobsStack } from './jobs';
import { MailStack } from './mail';
import { fromRoot } from './paths';
import { WAF_REGION, WafStack, WEB_ACL_ARN_OUTPUT } from './waf';
import { WebStack } from './web';

/**
 * App-level context of every portal app (bin/app.ts and the infra tests): the feature flags of
 * cdk.json (the ones `cdk init` writes for this aws-cdk-lib version,
 * `aws-cdk-lib/recommended-feature-flags.json`), so tests synthesise exactly what `cdk` does.
 * One deliberate difference: cross-stack references stay "strong" (CloudFormation exports), so a
 * producer stack cannot delete a value a consumer still uses (recommended for new apps: "weak").
 */
export const portalAppContext: Record<string, unknown> = {
  ...(JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as { context?: Record<string, unknown> }).context,
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

export interface PortalOptions {
  readonly resolveEntry?: (route: RouteDef) => string;
  readonly webDist?: string;
}

export interface PortalStacks {
  data: DataStack;
  auth: AuthStack;
  mail: MailStack;
  api: ApiStack;
  jobs: JobsStack;
  web: WebStack;
}

/** Every stack of a stage: the six above and the CloudFront web ACL (us-east-1; none on the LocalStack stage). */
export interface PortalApp extends PortalStacks {
  waf?: WafStack;
}

/** Which stacks each stack takes values from (references and ordering), for the LocalStack check. */
export const stackInputs = (s: PortalStacks): Map<Stack, Stack[]> =>
  new Map<Stack, Stack[]>([
    [s.data, []],
    [s.auth, []],
    [s.mail, []],
    [s.api, [s.data, s.auth, s.mail]],
    [s.jobs, [s.data, s.auth, s.mail]],
    [s.web, [s.api, s.data]],
  ]);

export function createPortal(app: App, config: StageConfig, options: PortalOptions = {}): PortalApp {
  // No `env`: stacks are environment-agnostic, so synth needs no account and does no lookups.
  const name = (concern: string) => stackName(config, concern);
  const data = new DataStack(app, name('Data'), { config, description: 'Portal: DynamoDB table, feed upload bucket' });
  const auth = new AuthStack(app, name('Auth'), { config, description: 'Portal: Cognito user pool, client, groups' });
  const mail = new MailStack(app, name('Mail'), { config, description: 'Portal: SES identity and templates' });
  const shared = {
    config,
    table: data.table,
    feedBucket: data.feedBucket,
    userPool: auth.userPool,
    client: auth.client,
    alarms: data.alarms,
  };
  const api = new ApiStack(app, name('Api'), {
    ...shared,
    resolveEntry: options.resolveEntry,
    description: 'Portal: HTTP API, one Lambda per route',
  });
  // Templates must exist before a handler can send with them.
  api.addStackDependency(mail, 'handlers send with the SES templates');
  const jobs = new JobsStack(app, name('Jobs'), { ...shared, mailEvents: mail.mailEvents, description: 'Portal: daily feed re-check, SES bounces and complaints' });
  jobs.addStackDependency(mail, 'the job mails with the SES templates');
  // LocalStack has no CloudFront-scope WAF (docs/localstack-docker.md): the stage goes without.
  const waf = runsOnEmulator(config)
    ? undefined
    : new WafStack(app, name('Waf'), { config, description: 'Portal: CloudFront web ACL (us-east-1): rate limits, managed rules' });
  const web = new WebStack(app, name('Web'), {
    config,
    httpApi: api.httpApi,
    feedBucket: data.feedBucket,
    accessLogs: data.accessLogs,
    webDist: options.webDist,
    // Read across regions at deploy time (a cross-region reference cannot be an export).
    webAclArn: waf ? Fn.getStackOutput(waf.stackName, WEB_ACL_ARN_OUTPUT, WAF_REGION) : undefined,
    description: 'Portal: web bucket and CloudFront distribution',
  });
  if (waf) web.addStackDependency(waf, 'the distribution uses the web ACL');

  // LocalStack: say at synth which stacks the community image cannot deploy (docs/localstack-docker.md).
  if (runsOnEmulator(config)) annotateLocalStackSupport(stackInputs({ data, auth, mail, api, jobs, web }));

  // Resources through the aspect; the stacks themselves explicitly (flag @aws-cdk/core:explicitStackTags).
  const tags = { project: 'onboarding-portal', stage: config.stage };
  for (const [key, value] of Object.entries(tags)) Tags.of(app).add(key, value);
  for (const stack of [data, auth, mail, api, jobs, web, ...(waf ? [waf] : [])]) {
    for (const [key, value] of Object.entries(tags)) stack.tags.setTag(key, value);
  }
  return { data, auth, mail, api, jobs, web, ...(waf ? { waf } : {}) };
}
