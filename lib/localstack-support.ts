/**
 * What the pinned LocalStack community image (localstack/docker-compose.yml) can deploy, so the
 * `localstack` stage says at synth time which stacks need LocalStack Pro instead of LocalStack
 * skipping resources it does not know. The compose file also sets
 * CFN_IGNORE_UNSUPPORTED_RESOURCE_TYPES=0, so such a deploy fails naming the type.
 * docs/localstack-docker.md has the resulting table; test/infra/localstack.test.ts keeps both true.
 */
import { Annotations, CfnResource, Stack } from 'aws-cdk-lib';

/** The community image the compose file pins (last community release before LocalStack's 2026 image consolidation). */
export const LOCALSTACK_COMMUNITY_IMAGE = 'localstack/localstack:4.14.0';

/**
 * CloudFormation resource types with a resource provider in that release's community code
 * (`localstack-core/localstack/services/<service>/resource_providers/`), limited to the
 * services this app could use, plus the types the engine handles itself. Not there, among what
 * the portal uses: Cognito, API Gateway v2, CloudFront, WAFv2, AWS::Logs::MetricFilter,
 * AWS::SES::Template, AWS::SES::ConfigurationSet(+EventDestination).
 */
const communityResourceTypes: ReadonlySet<string> = new Set([
  'AWS::CDK::Metadata',
  'AWS::CloudFormation::CustomResource',
  'AWS::CloudWatch::Alarm',
  'AWS::CloudWatch::CompositeAlarm',
  'AWS::DynamoDB::GlobalTable',
  'AWS::DynamoDB::Table',
  'AWS::ECR::Repository',
  'AWS::Events::EventBus',
  'AWS::Events::Rule',
  'AWS::IAM::ManagedPolicy',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::KMS::Alias',
  'AWS::KMS::Key',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::LayerVersion',
  'AWS::Lambda::Permission',
  'AWS::Lambda::Url',
  'AWS::Lambda::Version',
  'AWS::Logs::LogGroup',
  'AWS::Logs::LogStream',
  'AWS::Logs::SubscriptionFilter',
  'AWS::S3::Bucket',
  'AWS::S3::BucketPolicy',
  'AWS::SecretsManager::Secret',
  'AWS::SES::EmailIdentity',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
  'AWS::SQS::Queue',
  'AWS::SQS::QueueInlinePolicy',
  'AWS::SQS::QueuePolicy',
  'AWS::SSM::Parameter',
]);

/** Lambda runtimes of that release (`services/lambda_/runtimes.py`), the ones this app's stacks use among them. */
export const communityLambdaRuntimes: ReadonlySet<string> = new Set(['nodejs20.x', 'nodejs22.x', 'nodejs24.x', 'python3.13', 'python3.14']);

/** Resource types of a stack (custom resources folded into AWS::CloudFormation::CustomResource). */
function resourceTypes(stack: Stack): string[] {
  const types = new Set<string>();
  for (const node of stack.node.findAll()) {
    if (!CfnResource.isCfnResource(node) || Stack.of(node) !== stack) continue;
    const type = node.cfnResourceType;
    types.add(type.startsWith('Custom::') ? 'AWS::CloudFormation::CustomResource' : type);
  }
  return [...types].sort();
}

/** Types of the stack the community image lacks; empty when the whole stack deploys there. */
function typesNeedingPro(stack: Stack): string[] {
  return resourceTypes(stack).filter((type) => !communityResourceTypes.has(type));
}

/** Whether a stack and every stack it takes values from deploy on the community image. */
export function deploysOnCommunity(stack: Stack, consumes: ReadonlyMap<Stack, readonly Stack[]>): boolean {
  return !typesNeedingPro(stack).length && (consumes.get(stack) ?? []).every((d) => deploysOnCommunity(d, consumes));
}

/**
 * Warns, per stack of the `localstack` stage, what needs LocalStack Pro (its own resources or
 * the values it takes from such a stack; `stacks` maps each stack to those it takes values from). A warning, not an error: with the Pro image
 * (docs/localstack-docker.md) the same stacks deploy.
 */
export function annotateLocalStackSupport(stacks: ReadonlyMap<Stack, readonly Stack[]>): void {
  const needsPro = new Map<Stack, string[]>();
  for (const stack of stacks.keys()) needsPro.set(stack, typesNeedingPro(stack));
  // A stack is deployable when it and everything it takes values from are.
  const blocked = (stack: Stack, seen = new Set<Stack>()): boolean =>
    !!needsPro.get(stack)?.length || (stacks.get(stack) ?? []).some((d) => !seen.has(d) && blocked(d, seen.add(d)));
  for (const stack of stacks.keys()) {
    const own = needsPro.get(stack)!;
    const through = (stacks.get(stack) ?? []).filter((d) => blocked(d)).map((d) => d.stackName);
    if (!own.length && !through.length) continue;
    const reasons = [own.length ? `its ${own.join(', ')}` : '', through.length ? `it depends on ${through.join(', ')}` : ''].filter(Boolean).join('; ');
    Annotations.of(stack).addWarningV2(
      'portal:localstack:needs-pro',
      `${stack.stackName} does not deploy on the community image ${LOCALSTACK_COMMUNITY_IMAGE} (${reasons}): use LocalStack Pro, or deploy only the stacks docs/localstack-docker.md lists.`,
    );
  }
}
