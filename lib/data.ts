/** The single DynamoDB table and the feed upload bucket. */
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { appUrl, type StageConfig } from './config';
import { feedBucket as feedBucketDef, originSecretName, table as tableDef } from './definitions/resources';

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

export class DataStack extends Stack {
  readonly table: Table;
  readonly feedBucket: Bucket;
  /** Shared by CloudFront (sends it) and the API functions (require it): see docs/deploy.md, "Origin secret". */
  readonly originSecret: Secret;

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

    this.feedBucket = new Bucket(this, 'FeedBucket', {
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
  }
}
