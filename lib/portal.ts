/** Builds every stack of one stage; used by bin/app.ts and by the infra tests. */
import type { App } from 'aws-cdk-lib';
import { Tags } from 'aws-cdk-lib';
import type { RouteDef } from '../shared/routes';
import { ApiStack } from './api';
import { AuthStack } from './auth';
import { stackName, type StageConfig } from './config';
import { DataStack } from './data';
import { JobsStack } from './jobs';
import { MailStack } from './mail';
import { WebStack } from './web';

/**
 * App-level context of every portal app (bin/app.ts and the infra tests). Cross-stack
 * references stay "strong" (CloudFormation exports): a producer stack cannot delete a value a
 * consumer still uses. Said explicitly so the CDK does not warn about the default.
 */
export const portalAppContext: Record<string, unknown> = {
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

export function createPortal(app: App, config: StageConfig, options: PortalOptions = {}): PortalStacks {
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
  const jobs = new JobsStack(app, name('Jobs'), { ...shared, description: 'Portal: daily feed re-check' });
  jobs.addStackDependency(mail, 'the job mails with the SES templates');
  const web = new WebStack(app, name('Web'), {
    config,
    httpApi: api.httpApi,
    feedBucket: data.feedBucket,
    webDist: options.webDist,
    description: 'Portal: web bucket and CloudFront distribution',
  });

  Tags.of(app).add('project', 'onboarding-portal');
  Tags.of(app).add('stage', config.stage);
  return { data, auth, mail, api, jobs, web };
}
