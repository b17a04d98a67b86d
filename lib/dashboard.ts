/**
 * The stage's CloudWatch dashboard (`portal-<stage>`) and the alarms on API latency and Lambda
 * concurrency. Built in the Api stack, which owns the API and the route functions; what other
 * stacks own is read by name (queues, the jobs' log metric) or is already an input (the table),
 * so the dashboard adds no cross-stack export.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  PeriodOverride,
  TextWidget,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { AlarmSpec } from './constructs/alarms';
import type { StageConfig } from './config';
import { jobNames } from '../functions/platform/config/resources';

const FIVE_MINUTES = Duration.minutes(5);

/** Thresholds of the two operational alarms (docs/deploy.md, "Observability"). */
export const operationalAlarms = {
  /** p99 of the API's answer time (API Gateway `Latency`), over 3 consecutive 5-minute periods. */
  p99LatencyMs: 3000,
  latencyPeriods: 3,
  /** Account concurrency in use, in percent of the account's Lambda quota (SERVICE_QUOTA). */
  concurrencyPercent: 80,
} as const;

export interface DashboardSources {
  readonly config: StageConfig;
  readonly httpApi: HttpApi;
  readonly table: ITable;
  /** Route functions by route area (shared/routes.ts `area`): one line per area. */
  readonly routeGroups: ReadonlyMap<string, readonly IFunction[]>;
  readonly jobFunctions: ReadonlyMap<string, IFunction>;
}

const apiMetric = (api: HttpApi, metricName: string, statistic: string, label?: string) =>
  new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: api.apiId, Stage: '$default' }, statistic, period: FIVE_MINUTES, ...(label ? { label } : {}) });

/** Account-wide Lambda concurrency in use against the account's quota, in percent. */
const accountConcurrencyPercent = (): MathExpression =>
  new MathExpression({
    expression: 'usage / SERVICE_QUOTA(usage) * 100',
    usingMetrics: {
      usage: new Metric({
        namespace: 'AWS/Usage',
        metricName: 'ResourceCount',
        dimensionsMap: { Service: 'Lambda', Resource: 'ConcurrentExecutions', Type: 'Resource', Class: 'None' },
        statistic: 'Maximum',
        period: Duration.minutes(1),
      }),
    },
    label: 'Lambda concurrency, % of the account quota',
    period: Duration.minutes(1),
  });

/** One metric per route group: the sum of its functions' metric (ids must be unique and lower-case). */
function byGroup(groups: ReadonlyMap<string, readonly IFunction[]>, metric: (fn: IFunction) => IMetric, statistic: string): IMetric[] {
  return [...groups.entries()].map(([area, fns], g) => {
    const usingMetrics = Object.fromEntries(fns.map((fn, i) => [`g${g}f${i}`, metric(fn)]));
    return new MathExpression({ expression: Object.keys(usingMetrics).join(' + '), usingMetrics, label: `${area} (${statistic})`, period: FIVE_MINUTES });
  });
}

export function addDashboard(scope: Construct, s: DashboardSources): Dashboard {
  const { config, httpApi } = s;
  const stage = config.stage;
  const graph = (title: string, left: IMetric[], right: IMetric[] = [], width = 12) =>
    new GraphWidget({ title, left, right, width, height: 6, period: FIVE_MINUTES });
  const lambda = (metricName: string, statistic: string) => (fn: IFunction) =>
    fn.metric(metricName, { statistic, period: FIVE_MINUTES });
  const sqs = (queueName: string, metricName: string, label: string) =>
    new Metric({ namespace: 'AWS/SQS', metricName, dimensionsMap: { QueueName: queueName }, statistic: 'Maximum', period: FIVE_MINUTES, label });
  const ses = (metricName: string, statistic = 'Sum') => new Metric({ namespace: 'AWS/SES', metricName, statistic, period: Duration.hours(1) });
  const table = (metricName: string, statistic: string, extra: Record<string, string> = {}) =>
    new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: s.table.tableName, ...extra }, statistic, period: FIVE_MINUTES, label: `${metricName}${extra.Operation ? ` ${extra.Operation}` : ''}` });

  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: `portal-${stage}`,
    defaultInterval: Duration.hours(24),
    periodOverride: PeriodOverride.AUTO,
  });
  dashboard.addWidgets(
    new TextWidget({
      markdown: `# Onboarding portal, stage ${stage}\nAPI, functions by route group, table, feed jobs, SES. Alarms go to the stage's topic (docs/deploy.md, "Observability"). Traces: X-Ray, service \`onboarding-portal\`.`,
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(
    graph('API latency (ms)', [apiMetric(httpApi, 'Latency', 'p50', 'p50'), apiMetric(httpApi, 'Latency', 'p99', 'p99')]),
    graph('API requests and errors', [apiMetric(httpApi, '4xx', 'Sum', '4xx'), apiMetric(httpApi, '5xx', 'Sum', '5xx')], [apiMetric(httpApi, 'Count', 'Sum', 'requests')]),
  );
  dashboard.addWidgets(
    graph('Lambda errors by route group', byGroup(s.routeGroups, lambda('Errors', 'Sum'), 'Sum'), [], 8),
    graph('Lambda throttles by route group', byGroup(s.routeGroups, lambda('Throttles', 'Sum'), 'Sum'), [], 8),
    graph('Lambda concurrency by route group (sum of maxima)', byGroup(s.routeGroups, lambda('ConcurrentExecutions', 'Maximum'), 'Maximum'), [accountConcurrencyPercent()], 8),
  );
  dashboard.addWidgets(
    graph('DynamoDB capacity used', [table('ConsumedReadCapacityUnits', 'Sum'), table('ConsumedWriteCapacityUnits', 'Sum')], [table('ThrottledRequests', 'Sum')], 8),
    graph('DynamoDB latency (ms, p99)', ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'TransactWriteItems'].map((op) => table('SuccessfulRequestLatency', 'p99', { Operation: op })), [], 8),
    graph('DynamoDB errors', [table('SystemErrors', 'Sum'), table('UserErrors', 'Sum')], [], 8),
  );
  dashboard.addWidgets(
    graph(
      'Background jobs (invocations, errors)',
      jobNames.flatMap((name) => {
        const fn = s.jobFunctions.get(name)!;
        return [fn.metricInvocations({ period: FIVE_MINUTES, label: `${name} runs` }), fn.metricErrors({ period: FIVE_MINUTES, label: `${name} errors` })];
      }),
      [new Metric({ namespace: `Portal/${stage}`, metricName: 'ScheduledJobErrors', statistic: 'Sum', period: FIVE_MINUTES, label: 'daily re-check errors logged' })],
    ),
    graph('Daily feed re-check queues', [
      sqs(`portal-${stage}-feed-recheck`, 'ApproximateNumberOfMessagesVisible', 'waiting'),
      sqs(`portal-${stage}-feed-recheck`, 'ApproximateAgeOfOldestMessage', 'oldest (s)'),
      sqs(`portal-${stage}-feed-recheck-worker-dlq`, 'ApproximateNumberOfMessagesVisible', 'worker dead letters'),
      sqs(`portal-${stage}-feed-recheck-dlq`, 'ApproximateNumberOfMessagesVisible', 'undelivered runs'),
      ...jobNames.map((name) => sqs(`portal-${stage}-job-${name}-dlq`, 'ApproximateNumberOfMessagesVisible', `${name} dead letters`)),
    ]),
  );
  dashboard.addWidgets(
    graph('SES (account and region)', [ses('Send'), ses('Delivery'), ses('Bounce'), ses('Complaint')], [ses('Reputation.BounceRate', 'Maximum'), ses('Reputation.ComplaintRate', 'Maximum')], 24),
  );
  return dashboard;
}

/** The p99 latency and account concurrency alarms (lib/constructs/alarms.ts `addAlarms`). */
export function operationalAlarmSpecs(httpApi: HttpApi): AlarmSpec[] {
  return [
    {
      id: 'ApiLatencyP99',
      description: `The API's p99 answer time was ${operationalAlarms.p99LatencyMs} ms or more for ${operationalAlarms.latencyPeriods * 5} minutes`,
      metric: apiMetric(httpApi, 'Latency', 'p99'),
      threshold: operationalAlarms.p99LatencyMs,
      periods: operationalAlarms.latencyPeriods,
    },
    {
      id: 'LambdaConcurrency',
      description: `Lambda concurrency in use reached ${operationalAlarms.concurrencyPercent}% of the account's quota (shared by every function of the account and region; throttling starts at 100%)`,
      metric: accountConcurrencyPercent(),
      threshold: operationalAlarms.concurrencyPercent,
      periods: 3,
    },
  ];
}
