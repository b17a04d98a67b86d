import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/config';
import { resourcesOf, synthPortal, testConfig } from './support';

/** Alarms, access logs, dead-letter queues and log retention (docs/deploy.md, "Observability"). */
const synth = synthPortal(validate({ ...testConfig, alarmEmail: 'oncall@team.test' }, { allowPlaceholders: true }));
const alarmNames = (template: (typeof synth.templates)[keyof typeof synth.templates]) =>
  Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => String(a.Properties?.AlarmDescription));

describe('observability', () => {
  it('sends every alarm to the stage topic, mailed to the on-call address', () => {
    synth.templates.data.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@team.test' });
    for (const [name, template] of Object.entries(synth.templates)) {
      for (const alarm of Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'))) {
        expect(JSON.stringify(alarm.Properties?.AlarmActions), name).toMatch(/Alarms/);
        expect(alarm.Properties?.TreatMissingData).toBe('notBreaching');
      }
    }
  });

  it('watches DynamoDB throttles and the SES bounce and complaint rates', () => {
    expect(alarmNames(synth.templates.data).join('\n')).toMatch(/DynamoDB throttled[\s\S]*bounce rate[\s\S]*complaint rate/);
  });

  it('logs every API request as JSON and watches 5xx, Lambda errors and throttles', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"routeKey":"\\$context.routeKey"') },
    });
    const alarms = alarmNames(synth.templates.api).join('\n');
    expect(alarms).toMatch(/5xx/);
    expect(alarms).toMatch(/Lambda functions failed/);
    expect(alarms).toMatch(/throttled/);
  });

  it('gives every background job a dead-letter queue with an alarm', () => {
    const jobs = Object.values(resourcesOf(synth.templates.api, 'AWS::Lambda::Function')).filter((f) => String(f.Properties?.Description).startsWith('Job '));
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job.Properties?.DeadLetterConfig, String(job.Properties?.Description)).toBeDefined();
    expect(alarmNames(synth.templates.api).join('\n')).toMatch(/dead-letter queue/);
  });

  it('gives the daily re-check a dead-letter queue and alarms on its failures', () => {
    synth.templates.jobs.hasResourceProperties('AWS::Events::Rule', {
      Targets: [Match.objectLike({ DeadLetterConfig: Match.objectLike({ Arn: Match.anyValue() }) })],
    });
    expect(alarmNames(synth.templates.jobs).join('\n')).toMatch(/re-check failed[\s\S]*could not be started/);
    // A company whose worker keeps failing ends in the worker's dead-letter queue, which alarms too.
    expect(alarmNames(synth.templates.jobs).join('\n')).toMatch(/re-check failed[\s\S]*could not be started[\s\S]*failed 3 times/);
  });

  it('keeps logs a year where data is retained (prod)', () => {
    for (const template of [synth.templates.api, synth.templates.jobs]) {
      for (const group of Object.values(resourcesOf(template, 'AWS::Logs::LogGroup'))) expect(group.Properties?.RetentionInDays).toBe(365);
    }
  });
});
