/** Scheduled jobs: the daily re-check of stored order feed URLs (EventBridge → Lambda). */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { addAlarms, loggedErrors, sqsVisible } from './constructs/alarms';
import type { StageConfig } from './config';
import { functionLogsAndRoles } from './constructs/function-roles';
import { PortalFunction } from './constructs/portal-function';
import { schedule } from './definitions/resources';
import { functionEnvironment } from './environment';
import { fromRoot } from './paths';

export interface JobsStackProps extends StackProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly feedBucket: IBucket;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  readonly alarms: ITopic;
}

export const feedRecheckEntry = fromRoot('functions/jobs/feed-recheck.ts');

export class JobsStack extends Stack {
  readonly feedRecheck: PortalFunction;
  readonly feedRecheckRule: Rule;
  readonly feedRecheckDlq: Queue;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { logGroup, roles } = functionLogsAndRoles(this, {
      logsId: 'JobLogs',
      logGroupName: `/portal/${config.stage}/jobs`,
      retention: config.retainData ? RetentionDays.ONE_YEAR : RetentionDays.THREE_MONTHS,
      config,
      table: props.table,
      feedBucket: props.feedBucket,
      userPool: props.userPool,
    });
    // What the job is specified to do (docs/architecture.md, "Files, mail, jobs"): read companies and their feed URLs,
    // store each check's result, mail the integration team when a healthy feed breaks.
    // The batch job may page through the table; request paths never Scan.
    const role = roles.roleFor(
      { table: 'read-write', sendsMail: true, cognito: [], feedBucket: [], invokes: [] },
      {
        key: 'scan',
        statements: [new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [props.table.tableArn, `${props.table.tableArn}/index/*`] })],
      },
    );

    this.feedRecheckDlq = new Queue(this, 'FeedRecheckDlq', {
      queueName: `portal-${config.stage}-feed-recheck-dlq`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });

    this.feedRecheck = new PortalFunction(this, 'FeedRecheck', {
      entry: feedRecheckEntry,
      description: 'Daily re-check of every stored order feed URL',
      role,
      logGroup,
      environment: functionEnvironment(props),
      // Feeds are fetched one company after another, each with its own time cap.
      timeout: Duration.minutes(15),
      memorySize: 1536,
    });

    this.feedRecheckRule = new Rule(this, 'FeedRecheckDaily', {
      description: 'Once a day: re-check stored order feed URLs',
      schedule: Schedule.cron({ ...schedule.feedRecheckCron }),
      // A run EventBridge could not deliver (after its retries) lands in the dead-letter queue.
      targets: [new LambdaFunction(this.feedRecheck, { retryAttempts: 2, maxEventAge: Duration.hours(2), deadLetterQueue: this.feedRecheckDlq })],
    });

    addAlarms(this, props.alarms, [
      {
        id: 'FeedRecheckFailed',
        description: 'The daily feed re-check failed',
        metric: this.feedRecheck.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
        threshold: 1,
      },
      {
        id: 'JobErrorsLogged',
        description: `Scheduled jobs logged errors (level ERROR, timeouts, crashes) in /portal/${config.stage}/jobs`,
        metric: loggedErrors(logGroup, config.stage, 'ScheduledJobErrors'),
        threshold: 1,
      },
      {
        id: 'FeedRecheckUndelivered',
        description: 'The daily feed re-check could not be started: its event is in the dead-letter queue',
        metric: sqsVisible(this.feedRecheckDlq.queueName),
        threshold: 1,
      },
    ]);
  }
}
