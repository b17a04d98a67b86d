import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config';
import { synthPortal, testConfig } from './support';

/**
 * IAM resources, not only actions: no statement of ours allows anything on "*", and the table,
 * bucket, pool, mail and job statements name exactly their resources. Checked on the test stage
 * and on the production configuration (with the values a team passes on the command line).
 */

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** Statements of every IAM policy (and inline role policy) of a template, with where they are. */
function statementsOf(template: Template): Array<{ where: string; statement: Statement }> {
  const out: Array<{ where: string; statement: Statement }> = [];
  for (const [id, resource] of Object.entries(template.toJSON().Resources as Record<string, { Type: string; Properties?: any }>)) {
    const documents =
      resource.Type === 'AWS::IAM::Policy'
        ? [resource.Properties.PolicyDocument]
        : resource.Type === 'AWS::IAM::Role'
          ? (resource.Properties?.Policies ?? []).map((p: { PolicyDocument: unknown }) => p.PolicyDocument)
          : [];
    for (const document of documents) for (const statement of document.Statement as Statement[]) out.push({ where: id, statement });
  }
  return out;
}

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const resourcesOf = (s: Statement) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]);

/**
 * Actions allowed on "*" and why: X-Ray's trace upload has no resource-level permission (active
 * tracing, lib/constructs/portal-function.ts). The BucketDeployment's CloudFront invalidation,
 * granted on "*" by the CDK, is scoped to the distribution by lib/web.ts: not allowed here.
 */
const STAR_ALLOWED = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);

/** The statements that allow an action on every resource, beyond the allow-list. */
export function wildcardGrants(template: Template): string[] {
  return statementsOf(template)
    .filter(({ statement }) => statement.Effect === 'Allow' && resourcesOf(statement).some((r) => r === '*'))
    .filter(({ statement }) => !actionsOf(statement).every((a) => STAR_ALLOWED.has(a)))
    .map(({ where, statement }) => `${where}: ${actionsOf(statement).join(',')} on *`);
}

const prodConfig = loadConfig({
  tryGetContext: (key: string) =>
    ({
      stage: 'prod',
      domain: 'onboarding.portal-prod.test',
      senderEmail: 'no-reply@portal-prod.test',
      integrationMailbox: 'integration@portal-prod.test',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      placeholders: 'allow',
    })[key],
});

describe.each([
  ['test stage', testConfig],
  ['production configuration', prodConfig],
])('IAM (%s)', (_label, config) => {
  const synth = synthPortal(config);

  it('allows nothing on "*" (a grant widened to * fails here)', () => {
    for (const [name, template] of Object.entries(synth.templates)) expect(wildcardGrants(template), name).toEqual([]);
  });

  it('names the table and its indexes, and nothing else, in every DynamoDB statement', () => {
    for (const template of [synth.templates.api, synth.templates.jobs]) {
      for (const { where, statement } of statementsOf(template)) {
        if (!actionsOf(statement).some((a) => a.startsWith('dynamodb:'))) continue;
        const resources = resourcesOf(statement).map((r) => JSON.stringify(r));
        // The SES events' consumer puts suppression items: the table itself, no index (lib/jobs.ts).
        if (actionsOf(statement).join() === 'dynamodb:PutItem') {
          expect(resources, where).toHaveLength(1);
          expect(resources[0], where).toMatch(/Fn::ImportValue/);
          continue;
        }
        expect(resources.length, where).toBe(2);
        expect(resources[0], where).toMatch(/TableArn|Table[A-Za-z0-9]*Arn|Fn::ImportValue/);
        expect(resources[1], where).toContain('/index/*');
      }
    }
  });

  it('scopes S3 to the feed bucket objects, Cognito to the pool, SES to the sender and the stage templates, Lambda to the jobs', () => {
    for (const { where, statement } of statementsOf(synth.templates.api)) {
      const actions = actionsOf(statement);
      const resources = JSON.stringify(statement.Resource);
      // Listing is on the bucket itself, limited to the uploads prefix (deleting a company's uploads).
      if (actions.length === 1 && actions[0] === 's3:ListBucket') expect(statement.Condition, where).toEqual({ StringLike: { 's3:prefix': ['feeds/*'] } });
      // Objects under feeds/ only: the uploads (functions/data/keys.ts), nothing else of the bucket.
      else if (actions.some((a) => a.startsWith('s3:'))) expect(resources, where).toMatch(/FeedBucket[\s\S]*\/feeds\/\*"/);
      if (actions.some((a) => a.startsWith('cognito-idp:'))) expect(resources, where).toMatch(/UserPool/);
      if (actions.includes('ses:SendEmail')) {
        expect(resources, where).toContain(`template/portal-${config.stage}-*`);
        expect(resources, where).toContain(`configuration-set/portal-${config.stage}`);
        expect(statement.Condition, where).toEqual({ StringEquals: { 'ses:FromAddress': config.senderEmail } });
      }
      if (actions.includes('lambda:InvokeFunction')) expect(resources, where).toMatch(/Job/);
    }
  });
});

describe('the wildcard check itself', () => {
  it('catches a grant widened to "*"', () => {
    const stack = new Stack(new App(), 'Planted');
    const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:GetItem'], resources: ['*'] }));
    expect(wildcardGrants(Template.fromStack(stack))).toEqual([expect.stringMatching(/dynamodb:GetItem on \*/)]);
  });
});
