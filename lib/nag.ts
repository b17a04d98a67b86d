/**
 * cdk-nag (AwsSolutions pack) over the portal, and every finding the portal accepts, each with
 * its reason, on the one resource (and, for IAM wildcards, the exact wildcard) it is about.
 * Run by test/infra/nag.test.ts on the test and dev configurations: a new finding fails it.
 * A suppression whose resource disappears fails too (cdk-nag cannot find the path), so this
 * list cannot silently outlive what it excuses.
 */
import { Aspects, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { StageConfig } from './config';
import { mailTemplatePrefix } from './config';
import type { PortalApp } from './portal';

/** Adds the AwsSolutions checks to every stack of the app (findings become error/warning annotations). */
export function addNagChecks(app: App): void {
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
}

const rx = (pattern: string) => ({ regex: `/${pattern}/g` });

/** Acknowledges the accepted findings; call after createPortal, before synthesis. */
export function acknowledgeNagFindings(portal: PortalApp, config: StageConfig): void {
  const { data, auth, api, jobs, web } = portal;
  const on = (construct: IConstruct, suppressions: NagPackSuppression[], applyToChildren = false) =>
    NagSuppressions.addResourceSuppressions(construct, suppressions, applyToChildren);

  // --- Data ---
  on(data.originSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The origin secret is a shared header value between CloudFront and the API, resolved at deploy time; a rotation Lambda could not redeploy both sides. Rotation is a documented manual step (docs/deploy.md, "Origin secret").',
    },
  ]);

  on(data.googleCredentialsSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The value is a Google service account key made in Google Cloud, not by AWS: a rotation means a new key there, pasted here (docs/analytics.md, "Configuring a real property", rotating the key); no rotation Lambda can do it.',
    },
  ]);

  if (data.backupPlan) {
    on(
      data.backupPlan,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason: 'AWS Backup\'s service role for the table selection: the AWS-managed AWSBackupServiceRolePolicyForBackup, as the CDK creates it; Backup needs it to create and tag the backups.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup'],
        },
      ],
      true,
    );
  }

  // --- Auth ---
  on(auth.userPool, [
    {
      id: 'AwsSolutions-COG1',
      reason:
        'Length over composition (NIST SP 800-63B): the stage\'s minimum, 8 characters or more (the spec; stage setting passwordMinLength), no forced character classes; the schemas the API and the forms check read the same setting (shared/schemas/password-policy.ts).',
    },
    {
      id: 'AwsSolutions-COG2',
      reason:
        'TOTP MFA is offered to everyone (Mfa.OPTIONAL). Cognito cannot require it for one group: the portal\'s sign-in and auth middleware require it of administrators where ADMIN_MFA=required, the default of every deployed stage (docs/auth.md, "Password rules and MFA").',
    },
    {
      id: 'AwsSolutions-COG8',
      reason:
        'Lite feature plan: no hosted UI, no Cognito threat protection. Sign-in abuse is limited by the WAF rate rules and the application backoff per login and per address (docs/auth.md, "Throttling").',
    },
  ]);

  // --- Function roles (api and jobs stacks: lib/constructs/function-roles.ts) ---
  const tableIndexes: NagPackSuppression = {
    id: 'AwsSolutions-IAM5',
    reason: 'The table\'s global secondary indexes (gsi1, gsi2, gsi3): queries name the index, IAM needs <table>/index/<name>; no other table is covered.',
    appliesTo: [rx('^Resource::<Table[0-9A-F]{8}\\.Arn>\\/index\\/\\*$')],
  };
  const ses: NagPackSuppression = {
    id: 'AwsSolutions-IAM5',
    reason:
      'SES authorises the sender identity and, in the sandbox, every recipient identity, so identity/* is needed; the statement is limited by the condition ses:FromAddress = the stage sender, and templates to this stage\'s prefix.',
    appliesTo: [
      'Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*',
      `Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:template/${mailTemplatePrefix(config)}*`,
    ],
  };
  const feedObjects: NagPackSuppression = {
    id: 'AwsSolutions-IAM5',
    reason:
      'Feed files are objects keyed per company and upload under feeds/ of the feed bucket: s3:PutObject (upload route), s3:GetObject (check route and jobs) or s3:DeleteObject (company deletion) on feeds/* of that one bucket only.',
    appliesTo: [rx('^Resource::<FeedBucket[0-9A-F]{8}\\.Arn>\\/feeds\\/\\*$')],
  };
  const xray: NagPackSuppression = {
    id: 'AwsSolutions-IAM5',
    reason:
      'X-Ray active tracing (lib/constructs/portal-function.ts): xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permission, so the CDK grants them on "*"; no other action of these roles is on "*" (test/infra/operations.test.ts).',
    appliesTo: ['Resource::*'],
  };
  for (const stack of [api, jobs]) on(stack.node.findChild('Roles'), [tableIndexes, ses, feedObjects, xray], true);

  // --- Functions ---
  const runtime: NagPackSuppression = {
    id: 'AwsSolutions-L1',
    reason:
      'Pinned to nodejs22.x on purpose: the bundles target node22 (lib/bundling.ts), the cold-start bench and the LocalStack image run it; moving to a newer runtime is a deliberate change of all three.',
  };
  for (const fn of [...api.functions.values(), ...api.jobFunctions.values(), jobs.feedRecheck, jobs.feedRecheckWorker, jobs.mailEvents, jobs.outboxSweep]) on(fn, [runtime]);

  // --- API routes ---
  const noAuthorizer: NagPackSuppression = {
    id: 'AwsSolutions-APIG4',
    reason:
      'No API Gateway authoriser by design: every handler authenticates the access cookie itself (functions/pipeline/auth.ts) per the route\'s access level, public routes included in the authorization matrix tests.',
  };
  for (const route of api.node.children.filter((c) => c.node.id.startsWith('Route-'))) on(route, [noAuthorizer]);

  // --- Jobs ---
  on(jobs.feedRecheckDlq, [
    {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue of the daily rule\'s target (EventBridge DeadLetterConfig), which cdk-nag does not recognise as one.',
    },
  ]);

  // --- Web ---
  on(web.bucket, [
    {
      id: 'AwsSolutions-S1',
      reason:
        'Built web files only, read by CloudFront alone (origin access control) and written by the deployment: CloudFront\'s standard logs record every read. Logging it into the data stack\'s bucket would make the data stack depend on this one.',
    },
  ]);
  on(web.distribution, [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: the portal serves customers and integration partners in several countries (EN, FR, RU).',
    },
    ...(config.certificateArn
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              'Without a certificate (offline synth of a placeholder stage only) CloudFront uses its default certificate, which allows old TLS; a deploy refuses a stage without certificateArn (lib/config.ts), and with one the minimum is TLSv1.2_2021.',
          },
        ]),
  ]);
  // The CDK's BucketDeployment provider (a singleton Lambda shared by both deployments).
  const deploymentProvider = web.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (deploymentProvider) {
    on(
      deploymentProvider,
      [
        { id: 'AwsSolutions-IAM4', reason: 'CDK BucketDeployment provider: AWSLambdaBasicExecutionRole for its own logs, as the CDK creates it.', appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'] },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'CDK BucketDeployment provider: copies the asset zip from the bootstrap bucket into the web bucket and prunes old files (object wildcards of those two buckets); its invalidation rights are scoped to the distribution\'s ARN (lib/web.ts).',
          appliesTo: [
            'Action::s3:GetObject*',
            'Action::s3:GetBucket*',
            'Action::s3:List*',
            'Action::s3:DeleteObject*',
            'Action::s3:Abort*',
            rx('^Resource::<WebBucket[0-9A-F]{8}\\.Arn>\\/\\*$'),
            rx('^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-<AWS::Region>\\/\\*$'),
          ],
        },
        { id: 'AwsSolutions-L1', reason: 'CDK BucketDeployment provider: its runtime is chosen by the aws-cdk-lib version.' },
      ],
      true,
    );
  }
}

