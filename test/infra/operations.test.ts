import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { loadConfig, type StageConfig } from '../../lib/config';
import { operationalAlarms } from '../../lib/dashboard';
import { reservedConcurrency } from '../../functions/platform/config/resources';
import type { PortalApp } from '../../lib/portal';
import { routes } from '../../shared/routes';
import { synthApp } from './support';

/**
 * Operations of a deployed stage (docs/deploy.md, "Observability", "Tracing", "Least
 * privilege"): X-Ray tracing, the dashboard, the latency and concurrency alarms, WAF logging,
 * reserved concurrency, AWS Backup, removal policies a failed first deploy can be retried with,
 * and the narrowed IAM scopes. On the committed `prod` entry with a team's values, and on dev.
 */
const team = {
  domain: 'onboarding.acme-attribution.com',
  senderEmail: 'no-reply@acme-attribution.com',
  integrationMailbox: 'integration@acme-attribution.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
};
const config = (values: Record<string, string>): StageConfig => loadConfig({ tryGetContext: (key: string) => values[key] });

type Resource = { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string };
function synth(stageConfig: StageConfig) {
  const { portal, t } = synthApp(stageConfig);
  const resources = (stack: keyof PortalApp, type: string) => Object.entries(t(stack).findResources(type) as Record<string, Resource>);
  return { portal, t, resources };
}

const prod = synth(config({ requireStage: 'true', stage: 'prod', ...team }));
const dev = synth(config({ stage: 'dev', placeholders: 'allow' }));

const statements = (template: Template) =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).flatMap(
    (p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Effect: string }>,
  );
const actions = (s: { Action: string | string[] }) => ([] as string[]).concat(s.Action);

describe('tracing', () => {
  it('traces every function with X-Ray and switches the handlers\' Powertools Tracer on', () => {
    for (const stack of ['api', 'jobs'] as const) {
      const functions = prod.resources(stack, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.STAGE);
      expect(functions.length, stack).toBeGreaterThan(stack === 'api' ? routes.length : 1);
      for (const [id, fn] of functions) {
        expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED, id).toBe('true');
      }
    }
  });

  it('lets the function roles send traces, the only action they have on "*"', () => {
    for (const stack of ['api', 'jobs'] as const) {
      const onStar = statements(prod.t(stack)).filter((s) => s.Effect === 'Allow' && ([] as unknown[]).concat(s.Resource).includes('*'));
      expect(onStar.length, stack).toBeGreaterThan(0);
      for (const s of onStar) expect(actions(s).sort(), stack).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });
});

describe('dashboard and alarms', () => {
  it('has one dashboard per stage with the API, route groups, table, feed jobs and SES', () => {
    const [[, dashboard]] = prod.resources('api', 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
    expect(dashboard.Properties.DashboardName).toBe('portal-prod');
    expect(prod.resources('api', 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const title of ['API latency', 'API requests and errors', 'Lambda errors by route group', 'Lambda throttles by route group', 'Lambda concurrency by route group', 'DynamoDB', 'Background jobs', 'Daily feed re-check queues', 'SES']) {
      expect(body, title).toContain(title);
    }
    for (const stat of ['p50', 'p99', '4xx', '5xx']) expect(body).toContain(stat);
    // One line per route area, e.g. the sign-in calls.
    for (const area of new Set(routes.map((r) => r.area))) expect(body, area).toContain(`${area} (Sum)`);
    expect(body).toContain('portal-prod-feed-recheck');
    expect(dev.resources('api', 'AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardName).toBe('portal-dev');
  });

  it('alarms on the API p99 latency and on the account concurrency against its quota', () => {
    const alarms = prod.resources('api', 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const latency = alarms.find((a) => a.MetricName === 'Latency');
    expect(latency).toMatchObject({ Namespace: 'AWS/ApiGateway', ExtendedStatistic: 'p99', Threshold: operationalAlarms.p99LatencyMs, EvaluationPeriods: 3 });
    expect(JSON.stringify(latency.AlarmActions)).toMatch(/Alarms/);
    const concurrency = alarms.find((a) => JSON.stringify(a.Metrics ?? []).includes('SERVICE_QUOTA'));
    expect(concurrency).toMatchObject({ Threshold: operationalAlarms.concurrencyPercent, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(JSON.stringify(concurrency.Metrics)).toContain('ConcurrentExecutions');
  });

  it('logs the requests WAF blocked or counted, cookies redacted', () => {
    const waf = prod.t('waf');
    waf.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: 'aws-waf-logs-portal-prod', RetentionInDays: 365 });
    const [[, logging]] = prod.resources('waf', 'AWS::WAFv2::LoggingConfiguration') as [[string, Resource]];
    // The WAF log group's ARN, without the `:*` of its Arn attribute (WAF refuses it).
    expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toMatch(/:log-group:",\{"Ref":"WafLogs[0-9A-F]{8}"\}\]\]\}\]$/);
    expect(logging.Properties.RedactedFields).toContainEqual({ SingleHeader: { Name: 'cookie' } });
    expect(logging.Properties.LoggingFilter.DefaultBehavior).toBe('DROP');
  });
});

describe('a failed first deploy can be retried', () => {
  it('keeps the named log groups and the Google key only once created (prod), never after a failed create', () => {
    const named = [
      ...prod.resources('api', 'AWS::Logs::LogGroup'),
      ...prod.resources('jobs', 'AWS::Logs::LogGroup'),
      ...prod.resources('waf', 'AWS::Logs::LogGroup'),
      ...prod.resources('data', 'AWS::SecretsManager::Secret').filter(([, s]) => /google-credentials/.test(s.Properties.Name)),
    ];
    expect(named).toHaveLength(5);
    for (const [id, r] of named) {
      expect(r.DeletionPolicy, id).toBe('RetainExceptOnCreate');
      expect(r.UpdateReplacePolicy, id).toBe('Retain');
    }
    // A stage that does not keep data deletes them with the stack.
    for (const [id, r] of dev.resources('api', 'AWS::Logs::LogGroup')) expect(r.DeletionPolicy, id).toBe('Delete');
  });
});

describe('least privilege', () => {
  it('touches feed objects under feeds/ only', () => {
    for (const stack of ['api', 'jobs'] as const) {
      for (const s of statements(prod.t(stack)).filter((s) => actions(s).some((a) => /^s3:(Put|Get|Delete)Object$/.test(a)))) {
        expect(JSON.stringify(s.Resource), stack).toMatch(/\/feeds\/\*"\]\]\}$/);
      }
    }
  });

  it('gives the CSP report route no table access', () => {
    const fn = prod.portal.api.functions.get('security-csp-report')!;
    const roleId = prod.t('api').toJSON().Resources[prod.portal.api.getLogicalId(fn.node.defaultChild as never)].Properties.Role['Fn::GetAtt'][0];
    const policies = prod.resources('api', 'AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId));
    const allowed = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement.flatMap(actions));
    expect(allowed.filter((a: string) => a.startsWith('dynamodb:'))).toEqual([]);
    expect(allowed).toContain('logs:PutLogEvents');
  });

  it('invalidates the cache of its own distribution only', () => {
    const invalidation = statements(prod.t('web')).filter((s) => actions(s).includes('cloudfront:CreateInvalidation'));
    expect(invalidation).toHaveLength(1);
    expect(JSON.stringify(invalidation[0]!.Resource)).toMatch(/cloudfront::.*distribution\/.*Distribution/);
  });
});

describe('capacity and recovery', () => {
  it('reserves concurrency for sign-in and the feed worker', () => {
    const api = prod.t('api').toJSON().Resources;
    for (const [routeId, reserved] of Object.entries(reservedConcurrency.routes)) {
      const fn = prod.portal.api.functions.get(routeId)!;
      expect(api[prod.portal.api.getLogicalId(fn.node.defaultChild as never)].Properties.ReservedConcurrentExecutions, routeId).toBe(reserved);
    }
    const jobs = prod.t('jobs').toJSON().Resources;
    const worker = jobs[prod.portal.jobs.getLogicalId(prod.portal.jobs.feedRecheckWorker.node.defaultChild as never)];
    expect(worker.Properties.ReservedConcurrentExecutions).toBe(reservedConcurrency.feedRecheckWorker);
    // The worker's event source never asks for more than it may have.
    prod.t('jobs').hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: reservedConcurrency.feedRecheckWorker } });
  });

  it('backs the table up with AWS Backup on top of point-in-time recovery (stages that keep data)', () => {
    const data = prod.t('data');
    data.hasResourceProperties('AWS::DynamoDB::Table', { PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } });
    const [[, plan]] = prod.resources('data', 'AWS::Backup::BackupPlan') as [[string, Resource]];
    const rules = plan.Properties.BackupPlan.BackupPlanRule as Array<{ RuleName: string; Lifecycle: { DeleteAfterDays: number } }>;
    expect(rules.map((r) => [r.RuleName, r.Lifecycle.DeleteAfterDays])).toEqual([
      ['Daily', 35],
      ['Monthly', 365],
    ]);
    const [[, selection]] = prod.resources('data', 'AWS::Backup::BackupSelection') as [[string, Resource]];
    expect(JSON.stringify(selection.Properties.BackupSelection.Resources)).toMatch(/Table/);
    expect(dev.resources('data', 'AWS::Backup::BackupPlan')).toHaveLength(0);
  });
});
