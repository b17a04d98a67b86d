/** The Lambda environment (names from definitions `envNames`), shared by the api and jobs stacks. */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { appUrl, mailTemplatePrefix, passwordMinLength, type StageConfig } from './config';
import { SecretValue } from 'aws-cdk-lib';
import { STANDARD_DIMENSION_FORMAT } from '../shared/domain/analytics';
import { envNames, googleCredentialsSecretName, mailConfigurationSetName, originSecretName } from '../functions/platform/config/resources';

export interface EnvironmentSources {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly feedBucket: IBucket;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
}

export function functionEnvironment(s: EnvironmentSources): Record<string, string> {
  // TOKEN_ISSUER is left unset on AWS: the handlers derive the Cognito issuer from the pool id.
  return {
    [envNames.tableName]: s.table.tableName,
    [envNames.bucketName]: s.feedBucket.bucketName,
    [envNames.userPoolId]: s.userPool.userPoolId,
    [envNames.userPoolClientId]: s.client.userPoolClientId,
    [envNames.mailFrom]: s.config.senderEmail,
    [envNames.integrationMailbox]: s.config.integrationMailbox,
    [envNames.appUrl]: appUrl(s.config),
    [envNames.templatePrefix]: mailTemplatePrefix(s.config),
    [envNames.stage]: s.config.stage,
    [envNames.adminMfa]: s.config.adminMfa ?? 'required',
    // The schemas and the generator check it (functions/pipeline/handler.ts); the pool gets the same number (lib/auth.ts).
    [envNames.passwordMinLength]: String(passwordMinLength(s.config)),
    // A dynamic reference, resolved at deploy: the value sits in the function configuration
    // (readable with lambda:GetFunction), not in the template. See docs/deploy.md, "Origin secret".
    [envNames.originVerify]: originSecretValue(s.config.stage),
    [envNames.mailConfigurationSet]: mailConfigurationSetName(s.config.stage),
    // Empty: no account is protected (the stage's first admin should be, docs/deploy.md).
    [envNames.protectedAdminLogin]: s.config.protectedAdminLogin ?? '',
    // A name, not the key: only the functions granted `googleCredentials` may read the secret.
    [envNames.googleCredentialsSecret]: googleCredentialsSecretName(s.config.stage),
    [envNames.analyticsProvider]: 'google',
    // Explicit, so the console shows what the dimension check calls standard (docs/analytics.md).
    [envNames.analyticsStandardFormat]: STANDARD_DIMENSION_FORMAT.source,
  };
}

/** The origin secret, by name (the data stack creates it). */
export const originSecretValue = (stage: string): string => SecretValue.secretsManager(originSecretName(stage)).unsafeUnwrap();
