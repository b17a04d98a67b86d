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
import type { Construct } from 'constructs';
import { handlerModule, routes, type RouteDef } from '../shared/routes';
import type { StageConfig } from './config';
import { functionLogsAndRoles } from './constructs/function-roles';
import { PortalFunction } from './constructs/portal-function';
import { functionEnvironment } from './environment';
import { fromRoot } from './paths';
import { jobFunctionEnv, jobNames, jobs } from './definitions/resources';
import { grantsFor, jobGrants } from './permissions';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly feedBucket: IBucket;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
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

    const { logGroup, roles } = functionLogsAndRoles(this, {
      logsId: 'FunctionLogs',
      logGroupName: `/portal/${config.stage}/api`,
      retention: RetentionDays.ONE_MONTH,
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
        // Per-route settings live with the route (shared/routes.ts).
        timeout: route.lambda?.timeoutSeconds ? Duration.seconds(route.lambda.timeoutSeconds) : undefined,
        memorySize: route.lambda?.memoryMb,
      });
      this.functions.set(route.id, fn);
      new HttpRoute(this, `Route-${route.id}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn),
      });
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
