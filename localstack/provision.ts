/**
 * Creates in the emulators what the CDK creates on AWS, from the same definitions
 * (functions/platform/config/resources.ts): the table, the feed bucket, the user pool with its client and
 * groups, the SES templates. Returns the environment record the handlers read.
 */
import {
  CreateTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateEmailTemplateCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { sesHtmlPart } from '../functions/platform/config/mail-html';
import { appAliasOriginsEnv, envNames, feedBucket, jobFunctionEnv, jobNames, mailTemplates, table, userPool } from '../functions/platform/config/resources';
import { parsePasswordMinLength } from '../shared/schemas/password-policy';
import type { EmulatorEndpoints } from './emulators';

export const LOCAL_REGION = 'us-east-1';
/** s3rver only accepts signatures made with its built-in account S3RVER/S3RVER; the other emulators accept anything. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export const localNames = {
  stage: 'local',
  table: 'portal-local',
  bucket: 'portal-local-feeds',
  userPool: 'portal-local',
  templatePrefix: 'portal-local-',
  mailFrom: 'no-reply@portal.localhost',
  integrationMailbox: 'integration@portal.localhost',
  /** The seeded administrator (localstack/seed.ts): the users admin never deletes it. */
  protectedAdminLogin: 'admin@portal.test',
} as const;

/** Every name of envNames (values typed as strings; not the origin secret: deployed stages only) plus the AWS SDK variables. */
export type LocalEnv = Record<
  Exclude<
    (typeof envNames)[keyof typeof envNames],
    typeof envNames.originVerify | typeof envNames.mailConfigurationSet | typeof envNames.googleCredentialsSecret | typeof envNames.analyticsStandardFormat
  >,
  string
> & {
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_ENDPOINT_URL_S3: string;
  AWS_ENDPOINT_URL_SESV2: string;
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: string;
  AWS_REQUEST_CHECKSUM_CALCULATION: string;
  AWS_RESPONSE_CHECKSUM_VALIDATION: string;
} & Record<typeof appAliasOriginsEnv, string>;

const clientConfig = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 2 };

/** SDK clients pointed at the emulators (the S3 one with the settings s3rver needs). */
export function localClients(endpoints: EmulatorEndpoints) {
  return {
    dynamodb: new DynamoDBClient({ ...clientConfig, endpoint: endpoints.dynamodb }),
    s3: new S3Client({
      ...clientConfig,
      endpoint: endpoints.s3,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    ses: new SESv2Client({ ...clientConfig, endpoint: endpoints.ses }),
    cognito: new CognitoIdentityProviderClient({ ...clientConfig, endpoint: endpoints.cognito }),
  };
}

/**
 * The portal table as the CDK defines it (keys, GSIs, TTL attribute). `tableName`: the stack's table, or
 * one table per test file of the data layer's tests (functions/data/testing/table.ts).
 */
export async function provisionTable(client: DynamoDBClient, tableName: string = localNames.table): Promise<void> {
  const keys = new Set<string>([table.partitionKey, table.sortKey]);
  for (const gsi of table.globalSecondaryIndexes) keys.add(gsi.partitionKey).add(gsi.sortKey);
  const attributeDefinitions: AttributeDefinition[] = [...keys].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
    }),
  );
}

async function provisionBucket(client: S3Client, allowedOrigins: string[]): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: localNames.bucket }));
  // The browser POSTs the feed file straight to S3 (presigned POST) from the portal origin.
  await client.send(
    new PutBucketCorsCommand({
      Bucket: localNames.bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: allowedOrigins,
            AllowedMethods: ['POST'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag', 'Location'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
  // Not provisioned locally: the lifecycle expiry of uploads (feedBucket.uploadExpiryDays); s3rver has no lifecycle.
  void feedBucket;
}

/** The local stack's password minimum: `PASSWORD_MIN_LENGTH=12 npm start` tries a raised one (default 8, never lower). */
const localPasswordMinLength = (): number => parsePasswordMinLength(process.env[envNames.passwordMinLength], envNames.passwordMinLength);

async function provisionUserPool(client: CognitoIdentityProviderClient): Promise<{ poolId: string; clientId: string }> {
  const policy = userPool.passwordPolicy;
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: localNames.userPool,
      // Sign-in with the e-mail: Cognito's username is a generated id (the sub), the e-mail is the login.
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: userPool.signInCaseSensitive },
      AutoVerifiedAttributes: ['email'],
      // As on AWS (lib/auth.ts): authenticator apps offered to everyone, required of administrators by the portal.
      MfaConfiguration: 'OPTIONAL',
      AdminCreateUserConfig: {
        AllowAdminCreateUserOnly: true,
        UnusedAccountValidityDays: policy.temporaryPasswordValidityDays,
      },
      Policies: {
        PasswordPolicy: {
          MinimumLength: localPasswordMinLength(),
          RequireLowercase: policy.requireLowercase,
          RequireUppercase: policy.requireUppercase,
          RequireNumbers: policy.requireDigits,
          RequireSymbols: policy.requireSymbols,
          TemporaryPasswordValidityDays: policy.temporaryPasswordValidityDays,
        },
      },
    }),
  );
  const poolId = pool.UserPool?.Id;
  if (!poolId) throw new Error('cognito-local returned no user pool id');

  const c = userPool.client;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: c.name,
      GenerateSecret: false,
      ExplicitAuthFlows: [...c.authFlows],
      PreventUserExistenceErrors: c.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY',
      EnableTokenRevocation: true,
      AccessTokenValidity: c.accessTokenValidityMinutes,
      IdTokenValidity: c.idTokenValidityMinutes,
      RefreshTokenValidity: c.refreshTokenValidityDays,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const clientId = appClient.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local returned no app client id');

  for (const group of userPool.groups) {
    await client.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
  }
  return { poolId, clientId };
}

export async function provisionTemplates(client: SESv2Client): Promise<void> {
  for (const template of mailTemplates) {
    await client.send(
      new CreateEmailTemplateCommand({
        TemplateName: `${localNames.templatePrefix}${template.name}`,
        // Variables as their HTML-escaped copies, as the CDK stores them (functions/platform/config/mail-html.ts).
        TemplateContent: { Subject: template.subject, Html: sesHtmlPart(template.html), Text: template.text },
      }),
    );
  }
  // No sender identity to verify: aws-ses-v2-local has no identity API (CreateEmailIdentity is
  // unknown to it) and accepts any From address. On AWS the CDK creates the identity.
}

export interface ProvisionOptions {
  endpoints: EmulatorEndpoints;
  /** The portal origin (APP_URL, and the bucket's CORS origin), e.g. http://127.0.0.1:3000. */
  appUrl: string;
}

/** The two loopback spellings of an origin (browsers treat them as different origins): APP_URL's first. */
function loopbackOrigins(appUrl: string): string[] {
  const origin = new URL(appUrl);
  const origins = [origin.origin];
  if (origin.hostname === '127.0.0.1') origins.push(`${origin.protocol}//localhost:${origin.port}`);
  if (origin.hostname === 'localhost') origins.push(`${origin.protocol}//127.0.0.1:${origin.port}`);
  return origins;
}

/**
 * The handlers' environment for a provisioned pool: pure, so the cold-start bench loads every
 * bundle with exactly the local stack's variables (test/bench/cold-start.ts).
 */
export function localEnv({ endpoints, appUrl }: ProvisionOptions, { poolId, clientId }: { poolId: string; clientId: string }): LocalEnv {
  const origins = loopbackOrigins(appUrl);
  const origin = new URL(appUrl);
  return {
    [envNames.tableName]: localNames.table,
    [envNames.bucketName]: localNames.bucket,
    [envNames.userPoolId]: poolId,
    [envNames.userPoolClientId]: clientId,
    // cognito-local's iss claim: `${IssuerDomain}/${poolId}` with IssuerDomain http://HOST:PORT.
    [envNames.tokenIssuer]: `${endpoints.cognito}/${poolId}`,
    [envNames.mailFrom]: localNames.mailFrom,
    [envNames.integrationMailbox]: localNames.integrationMailbox,
    [envNames.appUrl]: origin.origin,
    // The other spelling of the loopback origin: the request guard accepts it beside APP_URL.
    [appAliasOriginsEnv]: origins.slice(1).join(','),
    [envNames.templatePrefix]: localNames.templatePrefix,
    [envNames.stage]: localNames.stage,
    // Authenticator apps are offered locally; `ADMIN_MFA=required npm start` requires them of administrators as on AWS.
    [envNames.adminMfa]: process.env[envNames.adminMfa] === 'required' ? 'required' : 'optional',
    [envNames.protectedAdminLogin]: localNames.protectedAdminLogin,
    // The pool's minimum above, for the schemas and the generator (the web app gets it as VITE_PASSWORD_MIN_LENGTH: stack.ts).
    [envNames.passwordMinLength]: String(localPasswordMinLength()),
    // The sandbox properties of docs/analytics.md; `ANALYTICS_PROVIDER=google GOOGLE_APPLICATION_CREDENTIALS=key.json npm start` for a real one.
    [envNames.analyticsProvider]: process.env[envNames.analyticsProvider] === 'google' ? 'google' : 'sandbox',
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    // Background jobs: the local gateway serves the Invoke API and runs them (localstack/lambda-invoke.ts).
    AWS_ENDPOINT_URL_LAMBDA: origin.origin,
    ...Object.fromEntries(jobNames.map((name) => [jobFunctionEnv(name), name])),
    // s3rver cannot verify the SDK's default CRC32 checksums; the SDK honours these variables.
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  } as LocalEnv;
}

/** Provisions everything (the emulators must be fresh) and returns the handlers' environment. */
export async function provision({ endpoints, appUrl }: ProvisionOptions): Promise<LocalEnv> {
  const clients = localClients(endpoints);
  try {
    const origins = loopbackOrigins(appUrl);
    const [, , { poolId, clientId }] = await Promise.all([
      provisionTable(clients.dynamodb),
      provisionBucket(clients.s3, origins),
      provisionUserPool(clients.cognito),
      provisionTemplates(clients.ses),
    ]);

    return localEnv({ endpoints, appUrl }, { poolId, clientId });
  } finally {
    for (const client of Object.values(clients)) client.destroy();
  }
}
