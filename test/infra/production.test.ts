import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config';
import { envNames, originSecretName } from '../../functions/platform/config/resources';
import { fromRoot } from '../../lib/paths';
import { portalAppContext, type PortalApp } from '../../lib/portal';
import { WAF_REGION, wafRateLimits } from '../../lib/waf';
import { synthApp } from './support';

/**
 * The committed `prod` entry as a team deploys it (its own domain, mailboxes and certificate on
 * the command line, exactly as `npm run deploy -- -c stage=prod …` gives them): the hardening of
 * docs/deploy.md, asserted on the synthesised templates (no bundling).
 */
const team = {
  domain: 'onboarding.acme-attribution.com',
  senderEmail: 'no-reply@acme-attribution.com',
  integrationMailbox: 'integration@acme-attribution.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  alarmEmail: 'oncall@acme-attribution.com',
};
const context = (values: Record<string, string>) => ({ tryGetContext: (key: string) => values[key] });

const synth = synthApp;

const prod = loadConfig(context({ requireStage: 'true', stage: 'prod', ...team }));
const { portal, t } = synth(prod);
type Resources = Record<string, { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string }>;
const resources = (stack: keyof PortalApp, type: string) => Object.values(t(stack).findResources(type) as Resources);

describe('production configuration fails fast', () => {
  it('refuses the committed placeholders with one message naming everything to set', () => {
    let message = '';
    try {
      loadConfig(context({ requireStage: 'true', stage: 'prod' }));
    } catch (error) {
      message = (error as Error).message;
    }
    for (const field of ['domain', 'senderEmail', 'integrationMailbox', 'certificateArn']) expect(message).toContain(field);
  });

  it('never lets a deploy take the offline placeholder switch', () => {
    expect(() => loadConfig(context({ requireStage: 'true', stage: 'prod', placeholders: 'allow' }))).toThrow(/offline synth only/);
  });

  it('deploys nothing without a stage, while synth keeps working offline for dev', () => {
    const scripts = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.deploy).toMatch(/-c requireStage=true/);
    expect(scripts.deploy).not.toMatch(/placeholders/);
    expect(scripts.synth).toMatch(/-c placeholders=allow/);
    expect(() => loadConfig(context({ requireStage: 'true' }))).toThrow(/Choose the stage/);
  });
});

describe('cdk.json', () => {
  it('sets every feature flag cdk init writes for this aws-cdk-lib, cross-stack references kept strong', () => {
    const recommended = JSON.parse(readFileSync(fromRoot('node_modules/aws-cdk-lib/recommended-feature-flags.json'), 'utf8')) as Record<string, unknown>;
    const context = JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')).context as Record<string, unknown>;
    for (const [flag, value] of Object.entries(recommended)) {
      if (flag === '@aws-cdk/core:defaultCrossStackReferences') expect(context[flag]).toBe('strong');
      else expect(context[flag], flag).toEqual(value);
    }
    expect(portalAppContext['@aws-cdk/core:explicitStackTags']).toBe(true);
  });

  it('tags every stack explicitly', () => {
    for (const stack of ['data', 'auth', 'mail', 'api', 'jobs', 'web', 'waf'] as const) {
      expect(portal[stack]!.tags.tagValues(), stack).toEqual({ project: 'onboarding-portal', stage: 'prod' });
    }
  });
});

describe('WAF (us-east-1) in front of CloudFront', () => {
  it('is a CLOUDFRONT web ACL in its own us-east-1 stack, read by the Web stack across regions', () => {
    expect(portal.waf!.region).toBe(WAF_REGION);
    const [acl] = resources('waf', 'AWS::WAFv2::WebACL');
    expect(acl!.Properties.Scope).toBe('CLOUDFRONT');
    const [distribution] = resources('web', 'AWS::CloudFront::Distribution');
    expect(distribution!.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'Portal-prod-Waf', OutputName: 'WebAclArn', Region: 'us-east-1' },
    });
    t('waf').hasOutput('WebAclArn', { Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
    expect(portal.web.dependencies).toContain(portal.waf);
  });

  it('limits sign-in and password-reset calls per address, and runs the AWS managed common rule set', () => {
    const rules = resources('waf', 'AWS::WAFv2::WebACL')[0]!.Properties.Rules as any[];
    const rate = (name: string) => rules.find((r) => r.Name === name)!.Statement.RateBasedStatement;
    const paths = (statement: any): string[] =>
      statement.OrStatement ? statement.OrStatement.Statements.flatMap(paths) : [statement.ByteMatchStatement.SearchString];
    expect(rate('SignInRate')).toMatchObject({ AggregateKeyType: 'IP', Limit: wafRateLimits.signIn.limit, EvaluationWindowSec: 300 });
    expect(paths(rate('SignInRate').ScopeDownStatement).sort()).toEqual(['/api/security/login', '/api/security/new-password']);
    expect(paths(rate('PasswordResetRate').ScopeDownStatement)).toEqual(['/api/security/password-reset']);
    expect(rules.find((r) => r.Name === 'SignInRate').Action).toEqual({ Block: {} });
    const common = rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    // Only the body size rule is counted instead of blocking (legitimate large bodies).
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  it('is left out of the LocalStack stage (no CloudFront-scope WAF there)', () => {
    const local = synth(loadConfig(context({ stage: 'localstack' })));
    expect(local.portal.waf).toBeUndefined();
    const [distribution] = Object.values(local.t('web').findResources('AWS::CloudFront::Distribution') as Resources);
    expect(distribution!.Properties.DistributionConfig.WebACLId).toBeUndefined();
  });
});

describe('API reachable only through CloudFront', () => {
  it('sends the generated origin secret as x-origin-verify and gives it to every function, by dynamic reference', () => {
    const [secret] = resources('data', 'AWS::SecretsManager::Secret');
    expect(secret!.Properties).toMatchObject({ Name: originSecretName('prod'), GenerateSecretString: { PasswordLength: 48 } });
    const reference = `{{resolve:secretsmanager:${originSecretName('prod')}:SecretString:::}}`;
    const config = resources('web', 'AWS::CloudFront::Distribution')[0]!.Properties.DistributionConfig;
    const apiOrigin = config.Origins.find((o: any) => o.CustomOriginConfig);
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: reference }]);
    for (const fn of resources('api', 'AWS::Lambda::Function')) expect(fn.Properties.Environment.Variables[envNames.originVerify]).toBe(reference);
    // The value itself is in no template.
    expect(JSON.stringify(t('web').toJSON())).not.toMatch(/"x-origin-verify","HeaderValue":"[A-Za-z0-9]{48}"/);
  });

  it('forwards CloudFront-Viewer-Address to the API, not Host', () => {
    const policy = resources('web', 'AWS::CloudFront::OriginRequestPolicy')[0]!.Properties.OriginRequestPolicyConfig;
    const headers = policy.HeadersConfig.Headers as string[];
    expect(headers).toContain('CloudFront-Viewer-Address');
    expect(headers.map((h) => h.toLowerCase())).not.toContain('host');
  });

  it('logs every CloudFront request (viewer address) to the access-log bucket', () => {
    const config = resources('web', 'AWS::CloudFront::Distribution')[0]!.Properties.DistributionConfig;
    expect(config.Logging).toEqual({ Bucket: { 'Fn::ImportValue': expect.stringMatching(/AccessLogs.*RegionalDomainName/) }, Prefix: 'cloudfront/' });
  });
});

describe('auth', () => {
  it('asks 8 characters or more (the spec), the same minimum the functions check', () => {
    t('auth').hasResourceProperties('AWS::Cognito::UserPool', { Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) } });
    const functions = Object.values(t('api').findResources('AWS::Lambda::Function')) as Array<{ Properties: { Environment?: { Variables?: Record<string, unknown> } } }>;
    const routes = functions.filter((fn) => fn.Properties.Environment?.Variables?.[envNames.tableName]);
    expect(routes.length).toBeGreaterThan(60);
    for (const fn of routes) expect(fn.Properties.Environment!.Variables![envNames.passwordMinLength]).toBe('8');
  });

  it('offers TOTP MFA (no SMS) and keeps refresh tokens 7 days at most', () => {
    t('auth').hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    const [client] = resources('auth', 'AWS::Cognito::UserPoolClient');
    const { RefreshTokenValidity, TokenValidityUnits } = client!.Properties;
    const days = TokenValidityUnits?.RefreshToken === 'minutes' ? RefreshTokenValidity / 1440 : TokenValidityUnits?.RefreshToken === 'hours' ? RefreshTokenValidity / 24 : RefreshTokenValidity;
    expect(days).toBeLessThanOrEqual(7);
  });

  it('requires an authenticator app of administrators (the portal enforces it: Cognito cannot per group)', () => {
    for (const fn of resources('api', 'AWS::Lambda::Function')) expect(fn.Properties.Environment.Variables[envNames.adminMfa]).toBe('required');
  });
});

describe('mail', () => {
  it('verifies the sender domain with Easy DKIM and sends through a configuration set that publishes bounces and complaints', () => {
    t('mail').hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'acme-attribution.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    t('mail').hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ Enabled: true, MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']), SnsDestination: Match.anyValue() }),
    });
    for (const fn of resources('api', 'AWS::Lambda::Function')) expect(fn.Properties.Environment.Variables[envNames.mailConfigurationSet]).toBe('portal-prod');
    // Without a hosted zone the DKIM records are published by hand, from the output.
    expect(resources('mail', 'AWS::Route53::RecordSet')).toHaveLength(0);
    t('mail').hasOutput('DkimRecords', {});
  });

  it('publishes the DKIM records itself when given the sender domain\'s Route 53 zone', () => {
    const withZone = synth(loadConfig(context({ requireStage: 'true', stage: 'prod', ...team, senderHostedZoneId: 'Z0123456789ABCDEFGHIJ' })));
    const records = Object.values(withZone.t('mail').findResources('AWS::Route53::RecordSet') as Resources);
    expect(records).toHaveLength(3);
    for (const record of records) expect(record.Properties).toMatchObject({ Type: 'CNAME', HostedZoneId: 'Z0123456789ABCDEFGHIJ' });
    expect(() => loadConfig(context({ stage: 'prod', ...team, senderHostedZoneId: 'nope' }))).toThrow(/hosted zone id/);
  });
});

describe('observability and failures', () => {
  const alarms = (stack: keyof PortalApp) => resources(stack, 'AWS::CloudWatch::Alarm');

  it('counts the errors of each stack\'s own functions from their log group (another stage in the account never trips it)', () => {
    const filters = resources('api', 'AWS::Logs::MetricFilter');
    expect(filters).toHaveLength(1);
    expect(filters[0]!.Properties.FilterPattern).toMatch(/\$\.level = "ERROR"/);
    expect(filters[0]!.Properties.FilterPattern).toMatch(/\$\.record\.status = "timeout"/);
    expect(filters[0]!.Properties.MetricTransformations[0]).toMatchObject({ MetricNamespace: 'Portal/prod', MetricName: 'ApiFunctionErrors' });
    const apiErrors = alarms('api').find((a) => a.Properties.MetricName === 'ApiFunctionErrors');
    expect(apiErrors?.Properties).toMatchObject({ Namespace: 'Portal/prod', Threshold: 5 });
    expect(resources('jobs', 'AWS::Logs::MetricFilter')).toHaveLength(1);
  });

  it('alarms on each background job failing, beside its encrypted dead-letter queue', () => {
    const jobErrors = alarms('api').filter((a) => a.Properties.MetricName === 'Errors' && a.Properties.Namespace === 'AWS/Lambda' && a.Properties.Dimensions);
    expect(jobErrors.length).toBe(portal.api.jobFunctions.size);
    for (const queue of [...resources('api', 'AWS::SQS::Queue'), ...resources('jobs', 'AWS::SQS::Queue')]) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    }
  });

  it('retains the logs of a data-retaining stage for a year, and the access logs', () => {
    for (const stack of ['api', 'jobs'] as const) {
      for (const group of resources(stack, 'AWS::Logs::LogGroup')) {
        expect(group.Properties.RetentionInDays).toBe(365);
        expect(group.DeletionPolicy, stack).toBe('RetainExceptOnCreate');
      }
    }
    const logBuckets = resources('data', 'AWS::S3::Bucket').filter((b) => b.Properties.OwnershipControls?.Rules?.[0]?.ObjectOwnership === 'BucketOwnerPreferred');
    expect(logBuckets).toHaveLength(1);
    expect(logBuckets[0]!.DeletionPolicy).toBe('Retain');
    expect(logBuckets[0]!.Properties.LifecycleConfiguration.Rules[0].ExpirationInDays).toBe(365);
  });
});
