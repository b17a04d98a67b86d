/**
 * The HTTP API: one Lambda and one route per entry of the route table (shared/routes.ts).
 * No API Gateway authoriser: access is decided by the handlers' auth middleware (docs/architecture.md, "Auth and tenancy").
 */
import { existsSync } from 'node:fs';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { addAlarms, lambdaMetric, loggedErrors, sqsVisible } from './constructs/alarms';
import { addDashboard, operationalAlarmSpecs } from './dashboard';
import type { Construct } from 'constructs';
import { handlerModule, routes, type RouteDef } from '../shared/routes';
import { keptWithNamePolicy, type StageConfig } from './config';
import { functionLogsAndRoles } from './constructs/function-roles';
import { PortalFunction } from './constructs/portal-function';
import { functionEnvironment } from './environment';
import { fromRoot } from './paths';
import { jobFunctionEnv, jobNames, jobs, reservedConcurrency } from '../functions/platform/config/resources';
import { grantsFor, jobGrants } from './permissions';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly feedBucket: IBucket;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  /** The stage's alarm topic (data stack). */
  readonly alarms: ITopic;
  /** Where a route's handler module is; defaults to `<repo>/<handlerModule(route)>.ts`. */
  readonly resolveEntry?: (route: RouteDef) => string;
}

export const defaultEntry = (route: RouteDef): string => fromRoot(`${handlerModule(route)}.ts`);

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly functions = new Map<string, PortalFunction>();
  readonly jobFunctions = new Map<string, PortalFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const resolveEntry = props.resolveEntry ?? defaultEntry;

    // One clear error for every missing handler rather than the CDK's first "Cannot find entry file".
    const missing = routes.filter((route) => !existsSync(resolveEntry(route))).map((route) => `${handlerModule(route)}.ts`);
    if (missing.length) throw new Error(`Handler modules missing for ${missing.length} route(s):\n  ${missing.join('\n  ')}`);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `portal-${config.stage}`,
      description: `Onboarding portal API (${config.stage}); served through CloudFront at /api/*`,
      createDefaultStage: true,
    });
    // A ceiling against floods and runaway clients; well above a portal's normal load.
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage | undefined;
    if (stage) stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
    // Access logs: one JSON line per request (who, what, answer, time), kept like the function logs.
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/portal/${config.stage}/api-access`,
      retention: config.retainData ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
      removalPolicy: keptWithNamePolicy(config),
    });
    if (stage) {
      stage.accessLogSettings = {
        destinationArn: accessLogs.logGroupArn,
        format: JSON.stringify({
          requestId: '$context.requestId',
          ip: '$context.identity.sourceIp',
          time: '$context.requestTime',
          routeKey: '$context.routeKey',
          status: '$context.status',
          latencyMs: '$context.responseLatency',
          integrationError: '$context.integrationErrorMessage',
        }),
      };
    }

    const { logGroup, roles } = functionLogsAndRoles(this, {
      logsId: 'FunctionLogs',
      logGroupName: `/portal/${config.stage}/api`,
      // Kept a year where data is retained (prod): investigations start weeks after the fact.
      retention: config.retainData ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
      config,
      table: props.table,
      feedBucket: props.feedBucket,
      userPool: props.userPool,
    });
    // Background jobs first: the routes that start one get its name and the right to invoke it.
    const environment: Record<string, string> = { ...functionEnvironment(props) };
    for (const name of jobNames) {
      const job = jobs[name];
      const fn = new PortalFunction(this, `Job-${name}`, {
        entry: fromRoot(job.entry),
        description: `Job ${name}: ${job.description}`.slice(0, 256),
        role: roles.roleFor(jobGrants(job.grants)),
        logGroup,
        environment: functionEnvironment(props),
        timeout: Duration.seconds(job.timeoutSeconds),
        memorySize: job.memoryMb,
        readsSecrets: jobGrants(job.grants).googleCredentials,
        job: true,
        // Lambda retries an async invoke twice, then the event waits here for an operator.
        deadLetterQueue: new Queue(this, `JobDlq-${name}`, {
          queueName: `portal-${config.stage}-job-${name}-dlq`,
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          retentionPeriod: Duration.days(14),
        }),
      });
      this.jobFunctions.set(name, fn);
      roles.registerJob(name, fn.functionArn);
      environment[jobFunctionEnv(name)] = fn.functionName;
    }

    for (const route of routes as readonly RouteDef[]) {
      const fn = new PortalFunction(this, `Fn-${route.id}`, {
        entry: resolveEntry(route),
        description: `${route.method} ${route.path} (${route.id})`,
        role: roles.roleFor(grantsFor(route)),
        logGroup,
        environment,
        readsSecrets: grantsFor(route).googleCredentials,
        // Per-route settings live with the route (shared/routes.ts).
        timeout: route.lambda?.timeoutSeconds ? Duration.seconds(route.lambda.timeoutSeconds) : undefined,
        memorySize: route.lambda?.memoryMb,
        reservedConcurrency: reservedConcurrency.routes[route.id],
      });
      this.functions.set(route.id, fn);
      new HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn),
      });
    }

    // One dashboard per stage, and the p99 latency and concurrency alarms (lib/dashboard.ts).
    const routeGroups = new Map<string, PortalFunction[]>();
    for (const route of routes as readonly RouteDef[]) routeGroups.set(route.area, [...(routeGroups.get(route.area) ?? []), this.functions.get(route.id)!]);
    addDashboard(this, { config, httpApi: this.httpApi, table: props.table, routeGroups, jobFunctions: this.jobFunctions });

    addAlarms(this, props.alarms, [
      ...operationalAlarmSpecs(this.httpApi),
      {
        id: 'Api5xx',
        description: 'The API answered 5xx at least 5 times in 5 minutes',
        metric: new Metric({
          namespace: 'AWS/ApiGateway',
          metricName: '5xx',
          dimensionsMap: { ApiId: this.httpApi.apiId, Stage: '$default' },
          statistic: 'Sum',
          period: Duration.minutes(5),
        }),
        threshold: 5,
      },
      {
        id: 'LambdaErrors',
        description: `Lambda functions failed at least 5 times in 5 minutes: errors logged, timeouts and crashes of the ${config.stage} API and job functions (log group /portal/${config.stage}/api)`,
        metric: loggedErrors(logGroup, config.stage, 'ApiFunctionErrors'),
        threshold: 5,
      },
      {
        id: 'LambdaThrottles',
        description: 'Lambda throttled invocations in the account and region (concurrency limit reached: shared by every function)',
        metric: lambdaMetric('Throttles'),
        threshold: 1,
      },
      ...jobNames.map((name) => ({
        id: `JobErrors-${name}`,
        description: `Job ${name} failed (Lambda retries it twice, then its event goes to the dead-letter queue)`,
        metric: this.jobFunctions.get(name)!.metricErrors({ statistic: 'Sum', period: Duration.minutes(5) }),
        threshold: 1,
      })),
      ...jobNames.map((name) => ({
        id: `JobDlq-${name}-Alarm`,
        description: `Job ${name} failed three times: its event is in the dead-letter queue`,
        metric: sqsVisible(`portal-${config.stage}-job-${name}-dlq`),
        threshold: 1,
      })),
    ]);

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
