/**
 * Alarms of the portal, all to one SNS topic per stage (created by the data stack, optionally
 * mailed to `alarmEmail`). Each stack adds the alarms of what it owns.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface AlarmSpec {
  id: string;
  description: string;
  metric: IMetric;
  /** Alarm when the statistic reaches this value in one period. */
  threshold: number;
  periods?: number;
}

export function addAlarms(scope: Construct, topic: ITopic, specs: readonly AlarmSpec[]): Alarm[] {
  return specs.map((spec) => {
    const alarm = new Alarm(scope, spec.id, {
      alarmDescription: spec.description,
      metric: spec.metric,
      threshold: spec.threshold,
      evaluationPeriods: spec.periods ?? 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data (no traffic, no failed job) is healthy.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    return alarm;
  });
}

/**
 * Account-wide Lambda metrics of the region. Used for throttles only: concurrency is one pool
 * per account and region, so a throttle anywhere is everybody's problem.
 */
export const lambdaMetric = (name: 'Errors' | 'Throttles') =>
  new Metric({ namespace: 'AWS/Lambda', metricName: name, statistic: 'Sum', period: Duration.minutes(5) });

/**
 * Failures of the functions of one stack, counted from their shared log group (functions log
 * JSON, lib/constructs/portal-function.ts), so another stage in the same account never sets it
 * off: every line at level ERROR (an uncaught error, a handler's `logUnhandled`, any
 * `console.error` for operators) and every invocation Lambda reports as timed out or crashed.
 * The `AWS/Lambda Errors` metric has no per-stack dimension, and route handlers answer 500
 * themselves, which that metric does not count.
 */
export function loggedErrors(logGroup: ILogGroup, stage: string, metricName: string): Metric {
  const filter = logGroup.addMetricFilter(`${metricName}Filter`, {
    filterPattern: FilterPattern.any(
      FilterPattern.stringValue('$.level', '=', 'ERROR'),
      FilterPattern.stringValue('$.record.status', '=', 'timeout'),
      FilterPattern.stringValue('$.record.status', '=', 'error'),
      FilterPattern.stringValue('$.record.status', '=', 'failure'),
    ),
    metricNamespace: `Portal/${stage}`,
    metricName,
    metricValue: '1',
  });
  return filter.metric({ statistic: 'Sum', period: Duration.minutes(5) });
}

export const sqsVisible = (queueName: string) =>
  new Metric({
    namespace: 'AWS/SQS',
    metricName: 'ApproximateNumberOfMessagesVisible',
    dimensionsMap: { QueueName: queueName },
    statistic: 'Maximum',
    period: Duration.minutes(5),
  });

