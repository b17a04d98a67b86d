import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { sesHtmlPart } from '../../functions/platform/config/mail-html';
import { mailTemplates, table, userPool } from '../../functions/platform/config/resources';
import { resourcesOf, synthPortal, testConfig, type Synth } from './support';

let synth: Synth;
beforeAll(() => {
  synth = synthPortal();
});

describe('data stack', () => {
  it('has the single table with its keys, GSIs, TTL, PITR, on demand, retained in a retaining stage', () => {
    const t = synth.templates.data;
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((gsi) => ({
          IndexName: gsi.indexName,
          KeySchema: [
            { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      },
    });
  });

  it('keeps the feed bucket private, encrypted, TLS-only, with CORS for the app origin and expiring uploads', () => {
    const t = synth.templates.data;
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://portal.test.example.com'], AllowedMethods: ['POST'] })],
      },
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 2, Status: 'Enabled' })] },
    });
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('destroys data in a non-retaining stage', () => {
    const dev = synthPortal({ ...testConfig, stage: 'tmp', retainData: false });
    dev.templates.data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
  });
});

describe('auth stack', () => {
  it('has a pool with e-mail sign-in, no self sign-up, no Cognito recovery, the password policy', () => {
    const p = userPool.passwordPolicy;
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      Policies: {
        PasswordPolicy: {
          // The spec's 8: the test stage sets no passwordMinLength (password-minimum.test.ts raises it).
          MinimumLength: 8,
          RequireLowercase: p.requireLowercase,
          RequireUppercase: p.requireUppercase,
          RequireNumbers: p.requireDigits,
          RequireSymbols: p.requireSymbols,
          TemporaryPasswordValidityDays: p.temporaryPasswordValidityDays,
        },
      },
    });
  });

  it('has the three groups', () => {
    const groups = Object.values(resourcesOf(synth.templates.auth, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties?.GroupName);
    expect(groups.sort()).toEqual([...userPool.groups].sort());
  });

  it('has a public client with USER_PASSWORD_AUTH and refresh only, no existence leaks, the token validities', () => {
    const c = userPool.client;
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: c.accessTokenValidityMinutes,
      IdTokenValidity: c.idTokenValidityMinutes,
      RefreshTokenValidity: c.refreshTokenValidityDays * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });
});

describe('mail stack', () => {
  it('has the sender identity and one stage-prefixed template per definition', () => {
    // The sender's domain, with Easy DKIM and the configuration set that publishes bounces and complaints.
    synth.templates.mail.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'test.example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    synth.templates.mail.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'portal-qa' });
    synth.templates.mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ MatchingEventTypes: ['bounce', 'complaint', 'reject'], SnsDestination: Match.anyValue() }),
    });
    const names = Object.values(resourcesOf(synth.templates.mail, 'AWS::SES::Template')).map(
      (t) => (t.Properties?.Template as { TemplateName: string }).TemplateName,
    );
    expect(names.sort()).toEqual(mailTemplates.map((t) => `portal-qa-${t.name}`).sort());
    const reset = mailTemplates.find((t) => t.name === 'password-reset')!;
    synth.templates.mail.hasResourceProperties('AWS::SES::Template', {
      Template: { TemplateName: 'portal-qa-password-reset', SubjectPart: reset.subject, HtmlPart: sesHtmlPart(reset.html), TextPart: reset.text },
    });
  });
});
