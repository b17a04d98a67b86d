/** The single DynamoDB table and the feed upload bucket. */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Operation, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { addAlarms } from './constructs/alarms';
import type { Construct } from 'constructs';
import { appUrl, keptWithNamePolicy, type StageConfig } from './config';
import { feedBucket as feedBucketDef, googleCredentialsSecretName, originSecretName, table as tableDef } from '../functions/platform/config/resources';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

export class DataStack extends Stack {
  readonly table: Table;
  readonly feedBucket: Bucket;
  /** S3 server access logs of the feed bucket and CloudFront's standard logs (viewer address of every request). */
  readonly accessLogs: Bucket;
  /** Shared by CloudFront (sends it) and the API functions (require it): see docs/deploy.md, "Origin secret". */
  readonly originSecret: Secret;
  readonly googleCredentialsSecret: Secret;
  /** Every alarm of the stage goes here (lib/constructs/alarms.ts). */
  readonly alarms: Topic;
  /** AWS Backup of the table (stages that keep their data). */
  readonly backupPlan?: BackupPlan;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableDef.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDef.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDef.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: config.retainData,
      removalPolicy,
    });
    for (const index of tableDef.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Admin lists read whole items from the index: projecting ALL avoids a GetItem per row.
        projectionType: ProjectionType.ALL,
      });
    }

    // AWS Backup on top of point-in-time recovery (35 days, restores to a new table): daily
    // backups kept 35 days and monthly ones kept a year, in a vault of their own, so an old state
    // or a deleted table can be restored beyond PITR's window. Stages that keep their data only.
    if (config.retainData) {
      const vault = new BackupVault(this, 'BackupVault', { removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE });
      this.backupPlan = new BackupPlan(this, 'BackupPlan', {
        backupVault: vault,
        backupPlanRules: [
          new BackupPlanRule({ ruleName: 'Daily', scheduleExpression: Schedule.cron({ hour: '2', minute: '30' }), deleteAfter: Duration.days(35) }),
          new BackupPlanRule({ ruleName: 'Monthly', scheduleExpression: Schedule.cron({ day: '1', hour: '4', minute: '0' }), deleteAfter: Duration.days(365) }),
        ],
      });
      this.backupPlan.addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(this.table)] });
    }

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront writes its standard logs with an ACL grant, so ACLs stay enabled here (only here).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(config.retainData ? 365 : 30) }],
      removalPolicy,
      autoDeleteObjects: !config.retainData,
    });

    this.feedBucket = new Bucket(this, 'FeedBucket', {
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 's3/feed-bucket/',
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The browser POSTs the file straight to S3 with a presigned form, from the app origin only.
      cors: [
        {
          allowedOrigins: [appUrl(config)],
          allowedMethods: [HttpMethods.POST],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      // Uploaded feeds are inputs of one check, not records: they expire.
      lifecycleRules: [
        {
          id: 'expire-uploads',
          expiration: Duration.days(feedBucketDef.uploadExpiryDays),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy,
      autoDeleteObjects: !config.retainData,
    });

    // Referenced by name (a dynamic reference) from the api and web stacks, so no export ties them.
    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      secretName: originSecretName(config.stage),
      description: 'Header value CloudFront adds to /api requests; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // The Google service account key of the analytics checks (docs/analytics.md): created with a
    // random placeholder, which the checks report as "not JSON" until an operator puts the key in.
    // Kept with the stage's data: the key outlives a redeploy (but not a failed first create, whose
    // retry would find the name taken: lib/config.ts keptWithNamePolicy).
    this.googleCredentialsSecret = new Secret(this, 'GoogleCredentialsSecret', {
      secretName: googleCredentialsSecretName(config.stage),
      description: 'Google service account key (JSON) for the Google Analytics checks: put the key file downloaded from Google Cloud here',
      removalPolicy: keptWithNamePolicy(config),
    });

    this.alarms = new Topic(this, 'Alarms', { displayName: `Portal ${config.stage} alarms`, enforceSSL: true });
    if (config.alarmEmail) this.alarms.addSubscription(new EmailSubscription(config.alarmEmail));
    addAlarms(this, this.alarms, [
      {
        id: 'TableThrottles',
        description: 'DynamoDB throttled requests on the portal table (on-demand capacity: a sudden surge or a hot partition)',
        metric: this.table.metricThrottledRequestsForOperations({
          // The operations the portal uses (an alarm's expression takes at most 10 metrics).
          operations: [
            Operation.GET_ITEM,
            Operation.PUT_ITEM,
            Operation.UPDATE_ITEM,
            Operation.DELETE_ITEM,
            Operation.QUERY,
            Operation.TRANSACT_WRITE_ITEMS,
            Operation.BATCH_WRITE_ITEM,
            Operation.SCAN,
          ],
          period: Duration.minutes(5),
        }),
        threshold: 1,
      },
      {
        id: 'SesBounceRate',
        description: 'SES bounce rate of the account at 5% or more (SES reviews accounts from 5%, pauses sending at 10%)',
        metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', statistic: 'Maximum', period: Duration.hours(1) }),
        threshold: 0.05,
      },
      {
        id: 'SesComplaintRate',
        description: 'SES complaint rate of the account at 0.1% or more',
        metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', statistic: 'Maximum', period: Duration.hours(1) }),
        threshold: 0.001,
      },
    ]);

    // For `npm run create-admin` (docs/deploy.md, "First administrator").
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
