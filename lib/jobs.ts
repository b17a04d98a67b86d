/**
 * Scheduled jobs: the daily re-check of stored order feed URLs (docs/order-feed.md, "Daily
 * re-check"). EventBridge starts the dispatcher once a day; it sends one SQS message per company
 * with a stored feed URL; the worker (an SQS event source, one message per invocation) checks
 * each company on its own. A message whose worker fails is delivered again, then moved to the
 * worker's dead-letter queue, which alarms.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SnsEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { addAlarms, loggedErrors, sqsVisible } from './constructs/alarms';
import type { StageConfig } from './config';
import { functionLogsAndRoles } from './constructs/function-roles';
import { PortalFunction } from './constructs/portal-function';
import { analyticsQuota, feedRecheckQueue, feedRecheckQueueEnv, quotaEnvNames, reservedConcurrency, schedule } from '../functions/platform/config/resources';
import { functionEnvironment } from './environment';
import { fromRoot } from './paths';
import { jobGrants } from './permissions';

export interface JobsStackProps extends StackProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly feedBucket: IBucket;
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  readonly alarms: ITopic;
  /** SES bounces and complaints (lib/mail.ts): the mail-events function consumes them. */
  readonly mailEvents: ITopic;
}

export const feedRecheckEntry = fromRoot('functions/jobs/feed-recheck.ts');
export const feedRecheckWorkerEntry = fromRoot('functions/jobs/feed-recheck-worker.ts');
export const mailEventsEntry = fromRoot('functions/jobs/mail-events.ts');
export const outboxSweepEntry = fromRoot('functions/jobs/outbox-sweep.ts');

export class JobsStack extends Stack {
  /** The scheduled dispatcher. */
  readonly feedRecheck: PortalFunction;
  readonly feedRecheckRule: Rule;
  /** Events of the daily rule EventBridge could not deliver to the dispatcher. */
  readonly feedRecheckDlq: Queue;
  /** One message per company to re-check. */
  readonly feedRecheckQueue: Queue;
  /** Messages whose worker failed maxReceiveCount times. */
  readonly feedRecheckWorkerDlq: Queue;
  readonly feedRecheckWorker: PortalFunction;
  /** Records a suppression for each address SES reports as bounced hard or complaining. */
  readonly mailEvents: PortalFunction;
  /** Every minute: the outbox's deliveries that are due (docs/reliability.md, "Mail"). */
  readonly outboxSweep: PortalFunction;
  readonly outboxSweepRule: Rule;

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
    const queue = (queueId: string, queueName: string, extra: Partial<ConstructorParameters<typeof Queue>[2]> = {}) =>
      new Queue(this, queueId, { queueName, encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, ...extra });

    this.feedRecheckDlq = queue('FeedRecheckDlq', `portal-${config.stage}-feed-recheck-dlq`, { retentionPeriod: Duration.days(14) });
    this.feedRecheckWorkerDlq = queue('FeedRecheckWorkerDlq', `portal-${config.stage}-feed-recheck-worker-dlq`, { retentionPeriod: Duration.days(14) });
    this.feedRecheckQueue = queue('FeedRecheckQueue', `portal-${config.stage}-feed-recheck`, {
      // Longer than the worker may run, so a message being checked is never handed to a second worker.
      visibilityTimeout: Duration.seconds(feedRecheckQueue.visibilityTimeoutSeconds),
      // A message not handled within a day is replaced by the next day's run.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.feedRecheckWorkerDlq, maxReceiveCount: feedRecheckQueue.maxReceiveCount },
    });
    const environment = functionEnvironment(props);

    // The dispatcher reads the companies (a GSI Query, no Scan) and sends messages: nothing else.
    const dispatcherRole = roles.roleFor(jobGrants({ table: 'read' }), { key: 'feed-recheck-send', statements: [] });
    this.feedRecheckQueue.grantSendMessages(dispatcherRole);
    this.feedRecheck = new PortalFunction(this, 'FeedRecheck', {
      entry: feedRecheckEntry,
      description: 'Daily re-check of every stored order feed URL',
      role: dispatcherRole,
      logGroup,
      environment: { ...environment, [feedRecheckQueueEnv]: this.feedRecheckQueue.queueUrl },
      // Lists the companies and sends 10 messages per call: seconds, even for thousands.
      timeout: Duration.minutes(5),
      job: true,
    });

    this.feedRecheckRule = new Rule(this, 'FeedRecheckDaily', {
      description: 'Once a day: re-check stored order feed URLs',
      schedule: Schedule.cron({ ...schedule.feedRecheckCron }),
      // A run EventBridge could not deliver (after its retries) lands in the dead-letter queue.
      targets: [new LambdaFunction(this.feedRecheck, { retryAttempts: 2, maxEventAge: Duration.hours(2), deadLetterQueue: this.feedRecheckDlq })],
    });

    // The worker writes the check, its history line and the step, mails the team on a regression,
    // and reads the Google key for the feed-versus-analytics comparison (as the manual check's job).
    // The event source adds the queue's receive and delete rights to this role.
    const workerRole = roles.roleFor(jobGrants({ table: 'read-write', queuesMail: true, googleCredentials: true, feedBucket: ['put', 'abort-multipart'] }), { key: 'feed-recheck-worker', statements: [] });
    this.feedRecheckWorker = new PortalFunction(this, 'FeedRecheckWorker', {
      entry: feedRecheckWorkerEntry,
      description: 'Daily feed re-check: checks one company\'s stored feed URL per message',
      role: workerRole,
      logGroup,
      // Its share of the analytics provider's quotas (docs/analytics.md), explicit so the console shows it.
      environment: { ...environment, ...Object.fromEntries(Object.entries(quotaEnvNames).map(([limit, name]) => [name, String(analyticsQuota[limit as keyof typeof analyticsQuota])])) },
      timeout: Duration.seconds(feedRecheckQueue.workerTimeoutSeconds),
      // Memory stays flat (one order at a time); 1769 MB buys a whole vCPU for the parse.
      memorySize: feedRecheckQueue.workerMemoryMb,
      readsSecrets: true,
      job: true,
      // As many as the event source runs at once (below): a ceiling, and never starved by the API.
      reservedConcurrency: reservedConcurrency.feedRecheckWorker,
    });
    this.feedRecheckWorker.addEventSource(
      new SqsEventSource(this.feedRecheckQueue, {
        // One company per invocation: its check may take the whole timeout.
        batchSize: 1,
        // A failed company is retried alone (the worker reports partial batch failures).
        reportBatchItemFailures: true,
        // A few feeds at a time: the run spreads over minutes instead of hitting shops and the table at once.
        maxConcurrency: feedRecheckQueue.maxConcurrency,
      }),
    );

    // SES bounces and complaints -> the topic -> this function, which writes one suppression item
    // per address (functions/core/mail/ses-events.ts): PutItem on the table and nothing else.
    const mailEventsRole = roles.roleFor(jobGrants({ table: 'none' }), {
      key: 'mail-events',
      statements: [new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] })],
    });
    this.mailEvents = new PortalFunction(this, 'MailEvents', {
      entry: mailEventsEntry,
      description: 'SES bounces and complaints: suppresses the addresses they name',
      role: mailEventsRole,
      logGroup,
      environment,
      timeout: Duration.seconds(30),
      job: true,
    });
    // The subscription is created in this stack (the function's), so the mail stack does not depend on it.
    this.mailEvents.addEventSource(new SnsEventSource(props.mailEvents));

    // The outbox's sweep: reads the due deliveries (a GSI Query), claims, sends and settles each;
    // a daily feed fetch's same-day retry, when due, is a message to the re-check queue.
    const sweepRole = roles.roleFor(jobGrants({ table: 'read-write', queuesMail: true }), { key: 'outbox-sweep', statements: [] });
    this.feedRecheckQueue.grantSendMessages(sweepRole);
    this.outboxSweep = new PortalFunction(this, 'OutboxSweep', {
      entry: outboxSweepEntry,
      description: 'Outbox: sends the mails that are due (a lost kick, a retry after a failure) and the feeds\' same-day retries',
      role: sweepRole,
      logGroup,
      environment: { ...environment, [feedRecheckQueueEnv]: this.feedRecheckQueue.queueUrl },
      timeout: Duration.minutes(5),
      job: true,
    });
    this.outboxSweepRule = new Rule(this, 'OutboxSweepEveryMinute', {
      description: 'Every minute: send the outbox\'s due mails',
      schedule: Schedule.rate(Duration.minutes(schedule.outboxSweepMinutes)),
      // A missed minute is replaced by the next one: no retry, no dead-letter queue.
      targets: [new LambdaFunction(this.outboxSweep, { retryAttempts: 0 })],
    });

    addAlarms(this, props.alarms, [
      {
        id: 'FeedRecheckFailed',
        description: 'The daily feed re-check failed to dispatch: the dispatcher raised an error, timed out or crashed',
        metric: this.feedRecheck.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
        threshold: 1,
      },
      {
        id: 'FeedRecheckWorkerFailed',
        description: 'A feed re-check worker invocation failed (timeout or crash); failed companies are reported in the job logs',
        metric: this.feedRecheckWorker.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
        threshold: 1,
      },
      {
        id: 'OutboxSweepFailed',
        description: 'The outbox sweep failed (the table?): mails wait until it runs again; dead mails are logged as errors and listed in the back office',
        metric: this.outboxSweep.metricErrors({ period: Duration.minutes(15), statistic: 'Sum' }),
        threshold: 3,
      },
      {
        id: 'MailEventsFailed',
        description: 'A bounce or complaint could not be recorded: the address may be mailed again (SNS retries the event)',
        metric: this.mailEvents.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
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
      {
        id: 'FeedRecheckDeadLetters',
        description: `A company's feed re-check failed ${feedRecheckQueue.maxReceiveCount} times: its message is in the worker's dead-letter queue`,
        metric: sqsVisible(this.feedRecheckWorkerDlq.queueName),
        threshold: 1,
      },
    ]);
  }
}
