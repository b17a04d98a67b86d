import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { apiViewerRequestCode, spaRewriteCode } from '../../lib/web';
import { ACCEPT_ENCODING_HEADER } from '../../functions/platform/config/resources';
import { actionsOfFunction, resourcesOf, synthPortal, type Synth } from './support';

let synth: Synth;
beforeAll(() => {
  synth = synthPortal();
});

describe('jobs stack', () => {
  it('runs the feed re-check once a day at the defined time', () => {
    const t = synth.templates.jobs;
    const fns = resourcesOf(t, 'AWS::Lambda::Function');
    const [jobId] = Object.entries(fns).find(([, f]) => f.Properties?.Description === 'Daily re-check of every stored order feed URL')!;
    expect(fns[jobId]!.Properties?.Runtime).toBe('nodejs22.x');
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 3 * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [jobId, 'Arn'] } })],
    });
    t.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [jobId, 'Arn'] },
    });
    // The dispatcher reads companies with a GSI Query and sends messages; it neither scans, writes nor mails.
    const dispatcher = actionsOfFunction(t, jobId);
    expect(dispatcher).toEqual(expect.arrayContaining(['dynamodb:Query', 'sqs:SendMessage']));
    for (const action of ['dynamodb:Scan', 'dynamodb:PutItem', 'ses:SendEmail']) expect(dispatcher).not.toContain(action);
  });

  it('consumes SES bounces and complaints: the mail topic invokes a function that may only put items in the table', () => {
    const t = synth.templates.jobs;
    const fns = resourcesOf(t, 'AWS::Lambda::Function');
    const [fnId] = Object.entries(fns).find(([, f]) => f.Properties?.Description === 'SES bounces and complaints: suppresses the addresses they name')!;
    // Subscribed to the mail stack's topic (the one the configuration set publishes to), from this stack.
    const topicImport = Match.objectLike({ 'Fn::ImportValue': Match.stringLikeRegexp('Mail') });
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] }, TopicArn: topicImport });
    t.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'sns.amazonaws.com', FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] }, SourceArn: topicImport });
    const table = actionsOfFunction(t, fnId).filter((action) => !action.startsWith('logs:') && !action.startsWith('xray:'));
    expect(table).toEqual(['dynamodb:PutItem']);
    const topicArn = synth.templates.mail.findResources('AWS::SNS::Topic');
    expect(Object.keys(topicArn)).toHaveLength(1);
    synth.templates.mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ SnsDestination: { TopicARN: { Ref: Object.keys(topicArn)[0] } } }),
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: Match.stringLikeRegexp('bounce or complaint could not be recorded') });
  });

  it('queues one message per company for a worker with retries, a dead-letter queue and alarms', () => {
    const t = synth.templates.jobs;
    const fns = resourcesOf(t, 'AWS::Lambda::Function');
    const queues = resourcesOf(t, 'AWS::SQS::Queue');
    const idOf = (name: string) => Object.entries(queues).find(([, q]) => q.Properties?.QueueName === name)?.[0];
    const queueId = idOf('portal-qa-feed-recheck')!;
    const workerDlqId = idOf('portal-qa-feed-recheck-worker-dlq')!;
    expect(queueId && workerDlqId).toBeTruthy();
    const [workerId, worker] = Object.entries(fns).find(([, f]) => String(f.Properties?.Description).startsWith('Daily feed re-check: checks one'))!;
    const [dispatcherId, dispatcher] = Object.entries(fns).find(([, f]) => f.Properties?.Description === 'Daily re-check of every stored order feed URL')!;

    // The queue: encrypted, TLS only, redriven to the worker's DLQ after 3 receives, visibility > the worker's timeout.
    const queue = queues[queueId]!.Properties!;
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [workerDlqId, 'Arn'] }, maxReceiveCount: 3 });
    expect(queue.SqsManagedSseEnabled).toBe(true);
    expect(Number(queue.VisibilityTimeout)).toBeGreaterThan(Number(worker.Properties!.Timeout));
    expect(Number(worker.Properties!.Timeout)).toBe(900);
    expect(queues[workerDlqId]!.Properties!.MessageRetentionPeriod).toBe(14 * 86_400);

    // Only the worker reads the Google key (the feed-versus-analytics comparison): it alone has the secrets extension.
    expect(JSON.stringify(worker.Properties!.Layers ?? [])).toContain('Paramsandsecretslayer');
    expect(dispatcher.Properties!.Layers).toBeUndefined();

    // Jobs map their stacks through the source maps as they load (their errors are logged by the runtime).
    for (const fn of [worker, dispatcher]) expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBe('--enable-source-maps');

    // The dispatcher knows the queue; the worker reads it one message at a time and reports partial failures.
    expect((dispatcher.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.FEED_RECHECK_QUEUE_URL).toEqual({ Ref: queueId });
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionName: { Ref: workerId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: Match.anyValue() },
    });
    const workerActions = actionsOfFunction(t, workerId);
    expect(workerActions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'dynamodb:PutItem', 'ses:SendEmail']));
    expect(workerActions).not.toContain('dynamodb:Scan');
    expect(workerActions).not.toContain('sqs:SendMessage');
    expect(dispatcherId).not.toBe(workerId);

    // Dead letters of the worker alarm (the stage's alarm topic).
    const alarms = Object.values(resourcesOf(t, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties!);
    const deadLetters = alarms.find((a) => JSON.stringify(a.Dimensions ?? []).includes(JSON.stringify([workerDlqId, 'QueueName'])));
    expect(deadLetters).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    expect(deadLetters!.AlarmActions).toHaveLength(1);
  });
});

describe('web stack', () => {
  const distribution = () => {
    const dists = Object.values(resourcesOf(synth.templates.web, 'AWS::CloudFront::Distribution'));
    expect(dists).toHaveLength(1);
    return dists[0]!.Properties!.DistributionConfig as Record<string, any>;
  };

  it('keeps the web bucket private and reads it through origin access control', () => {
    const t = synth.templates.web;
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
    });
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.resourceCountIs('AWS::CloudFront::CloudFrontOriginAccessIdentity', 0);
    const config = distribution();
    const s3Origin = config.Origins.find((o: any) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3Origin.Id);
  });

  it('routes /api/* to the HTTP API: no caching, the API\'s headers and the viewer address but not Host, the origin secret, all methods, HTTPS', () => {
    const config = distribution();
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(api.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    const policy = Object.values(resourcesOf(synth.templates.web, 'AWS::CloudFront::OriginRequestPolicy'))[0]!.Properties!.OriginRequestPolicyConfig as any;
    expect(api.OriginRequestPolicyId).toEqual({ Ref: expect.stringMatching(/^ApiRequests/) });
    expect(policy.CookiesConfig.CookieBehavior).toBe('all');
    expect(policy.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(policy.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(policy.HeadersConfig.Headers).toEqual(expect.arrayContaining(['CloudFront-Viewer-Address', 'Sec-Fetch-Site', 'Origin', 'Content-Type', 'X-Portal-Company', 'Idempotency-Key']));
    expect(policy.HeadersConfig.Headers).not.toContain('Host');
    // The origin secret rides on every /api request, as a deploy-time dynamic reference (not in the template).
    expect(origin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: '{{resolve:secretsmanager:portal/qa/origin-verify:SecretString:::}}' },
    ]);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    // No SPA rewrite on the API; its one function passes on what the viewer accepts (the API gzips).
    expect(api.FunctionAssociations).toHaveLength(1);
    expect(api.FunctionAssociations[0].EventType).toBe('viewer-request');
    expect(api.FunctionAssociations[0].FunctionARN).not.toEqual(config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN);
    expect(policy.HeadersConfig.Headers).toContain(ACCEPT_ENCODING_HEADER);
    expect(policy.HeadersConfig.Headers).not.toContain('Accept-Encoding');
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: apiViewerRequestCode });
  });

  it("copies the viewer's Accept-Encoding for the API, and nothing when there is none", () => {
    type Headers = Record<string, { value: string }>;
    const handler = new Function(`${apiViewerRequestCode}; return handler;`)() as (e: { request: { headers: Headers } }) => { headers: Headers };
    expect(handler({ request: { headers: { 'accept-encoding': { value: 'gzip, br' } } } }).headers).toEqual({
      'accept-encoding': { value: 'gzip, br' },
      [ACCEPT_ENCODING_HEADER]: { value: 'gzip, br' },
    });
    expect(handler({ request: { headers: {} } }).headers).toEqual({});
  });

  it('does the SPA fallback with a function on the default behaviour, not with error responses', () => {
    const config = distribution();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.DefaultCacheBehavior.FunctionAssociations[0].EventType).toBe('viewer-request');
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(config.Aliases).toEqual(['portal.test.example.com']);
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      FunctionCode: spaRewriteCode,
    });
  });

  it('rewrites extension-less paths only', () => {
    const handler = new Function(`${spaRewriteCode}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/password-reset/AbC_123-x')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('sends security headers', () => {
    synth.templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      },
    });
  });

  it('deploys the built app when web/dist exists (hashed assets cached, pages revalidated)', () => {
    const deployments = Object.values(resourcesOf(synth.templates.web, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const pages = deployments.find((d) => d.Properties?.Prune === true)!;
    expect(pages.Properties?.DistributionPaths).toEqual(['/*']);
  });
});
