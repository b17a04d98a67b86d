/**
 * IAM roles for the portal's functions, one per distinct grant set (lib/permissions.ts).
 * Functions with identical needs share a role: same effective permissions as one role each,
 * but ~10 roles instead of 60+ keeps the api stack far below CloudFormation's resource limit.
 */
import { Aws, Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, type ILogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { keptWithNamePolicy, mailTemplatePrefix, type StageConfig } from '../config';
import { googleCredentialsSecretName, mailConfigurationSetName } from '../../functions/platform/config/resources';
import { FEED_OBJECT_PREFIX, feedBucketActions, grantsKey, tableActions, type RouteGrants } from '../permissions';

export interface FunctionRolesProps {
  readonly table: ITable;
  readonly feedBucket: IBucket;
  readonly userPool: IUserPool;
  readonly logGroup: ILogGroup;
  readonly senderEmail: string;
  readonly templatePrefix: string;
  readonly configurationSet: string;
  /** Name of the stage's Google service account secret (lib/data.ts creates it). */
  readonly googleCredentialsSecret: string;
}

export class FunctionRoles extends Construct {
  private readonly roles = new Map<string, Role>();
  private readonly jobArns = new Map<string, string>();

  constructor(scope: Construct, id: string, private readonly props: FunctionRolesProps) {
    super(scope, id);
  }

  /** Jobs (background functions) that routes may invoke: register each before the routes' roles. */
  registerJob(name: string, functionArn: string): void {
    this.jobArns.set(name, functionArn);
  }

  /** The role of a grant set; extra statements (e.g. the job's Scan) make it a distinct role. */
  roleFor(grants: RouteGrants, extra: { key: string; statements: PolicyStatement[] } | undefined = undefined): Role {
    const key = grantsKey(grants) + (extra ? `;${extra.key}` : '');
    const existing = this.roles.get(key);
    if (existing) return existing;

    const { table, feedBucket, userPool, logGroup } = this.props;
    const role = new Role(this, `Role${this.roles.size + 1}`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Portal functions: ${key}`.slice(0, 1000),
    });
    // Logs go to the shared group only (no AWSLambdaBasicExecutionRole: it allows every group).
    logGroup.grantWrite(role);

    if (grants.table !== 'none') {
      role.addToPolicy(
        new PolicyStatement({
          actions: [...tableActions[grants.table]],
          resources: [table.tableArn, `${table.tableArn}/index/*`],
        }),
      );
    }
    if (grants.feedBucket.length) {
      role.addToPolicy(
        new PolicyStatement({
          actions: grants.feedBucket.map((access) => feedBucketActions[access]),
          // Uploads live under feeds/<company>/ (functions/data/keys.ts): nothing else of the bucket.
          resources: [feedBucket.arnForObjects(`${FEED_OBJECT_PREFIX}*`)],
        }),
      );
    }
    if (grants.feedBucket.includes('delete')) {
      // Deleting a company lists its upload prefix before deleting the objects.
      role.addToPolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [feedBucket.bucketArn], conditions: { StringLike: { 's3:prefix': [`${FEED_OBJECT_PREFIX}*`] } } }),
      );
    }
    if (grants.cognito.length) {
      role.addToPolicy(new PolicyStatement({ actions: [...grants.cognito], resources: [userPool.userPoolArn] }));
    }
    if (grants.sendsMail) {
      const arn = (resource: string) => `arn:${Aws.PARTITION}:ses:${Stack.of(this).region}:${Stack.of(this).account}:${resource}`;
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail'],
          // SES authorises the sending identity, the template and, in the sandbox, the
          // recipient identities: all identities, but only From the configured sender.
          // and the configuration set the mailer sends through (bounce and complaint events).
          resources: [arn('identity/*'), arn(`template/${this.props.templatePrefix}*`), arn(`configuration-set/${this.props.configurationSet}`)],
          conditions: { StringEquals: { 'ses:FromAddress': this.props.senderEmail } },
        }),
      );
    }
    if (grants.invokes.length) {
      const resources = grants.invokes.map((name) => {
        const arn = this.jobArns.get(name);
        if (!arn) throw new Error(`Job ${name} is invoked but not registered (FunctionRoles.registerJob)`);
        return arn;
      });
      role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources }));
    }
    if (grants.googleCredentials) {
      // By name: the data stack owns the secret (no cross-stack export); `-??????` is the suffix Secrets Manager appends.
      const stack = Stack.of(this);
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [`arn:${Aws.PARTITION}:secretsmanager:${stack.region}:${stack.account}:secret:${this.props.googleCredentialsSecret}-??????`],
        }),
      );
    }
    for (const statement of extra?.statements ?? []) role.addToPolicy(statement);

    this.roles.set(key, role);
    return role;
  }
}

/**
 * The log group and the roles of a stack's functions (api, jobs): one place decides how they
 * are named, kept and granted. Construct ids are the stacks' own, so templates stay stable.
 */
export function functionLogsAndRoles(
  stack: Construct,
  input: {
    logsId: string;
    logGroupName: string;
    retention: RetentionDays;
    config: StageConfig;
    table: ITable;
    feedBucket: IBucket;
    userPool: IUserPool;
  },
): { logGroup: LogGroup; roles: FunctionRoles } {
  const logGroup = new LogGroup(stack, input.logsId, {
    logGroupName: input.logGroupName,
    retention: input.retention,
    // Where the stage keeps its data (prod), its logs outlive the stack too (not a failed first create: lib/config.ts).
    removalPolicy: keptWithNamePolicy(input.config),
  });
  const roles = new FunctionRoles(stack, 'Roles', {
    table: input.table,
    feedBucket: input.feedBucket,
    userPool: input.userPool,
    logGroup,
    senderEmail: input.config.senderEmail,
    templatePrefix: mailTemplatePrefix(input.config),
    configurationSet: mailConfigurationSetName(input.config.stage),
    googleCredentialsSecret: googleCredentialsSecretName(input.config.stage),
  });
  return { logGroup, roles };
}
