/**
 * Every Lambda of the portal: Node 22 on arm64 (cheaper, and as fast or faster for this
 * I/O-bound code), bundled alone from its entry with the shared esbuild settings, JSON logs
 * into a log group shared by the functions of one stack (one log group per function would
 * cost a CloudFormation resource each; the stack is already large).
 */
import { Duration } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, ParamsAndSecretsLayerVersion, ParamsAndSecretsLogLevel, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { cdkBundling, runtimeNodeOptions } from '../bundling';
import { fromRoot, repoRoot } from '../paths';

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
}

/** The extension's cache keeps a read secret 5 minutes (its default): a rotated key is seen within that. */
const secretsExtension = () => ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, { cacheEnabled: true, logLevel: ParamsAndSecretsLogLevel.WARN });

export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: props.role,
      logGroup: props.logGroup,
      loggingFormat: LoggingFormat.JSON,
      projectRoot: repoRoot,
      depsLockFilePath: fromRoot('package-lock.json'),
      bundling: cdkBundling(),
      environment: { ...props.environment, NODE_OPTIONS: runtimeNodeOptions },
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      ...(props.readsSecrets ? { paramsAndSecrets: secretsExtension() } : {}),
    });
  }
}
