import { describe, expect, it } from 'vitest';
import { checkAccount, checkTemplates, contextFromArgs, formatResults, type AwsCli } from '../../lib/deploy-check';
import { requiredAccountConcurrency } from '../../functions/platform/config/resources';
import { fixture } from './support';

/** `npm run deploy:check` (lib/deploy-check.ts): each missing item printed, offline marked "not checked". */
const args = [
  '-c', 'stage=prod',
  '-c', 'domain=onboarding.acme-attribution.com',
  '-c', 'senderEmail=no-reply@acme-attribution.com',
  '-c', 'integrationMailbox=integration@acme-attribution.com',
  '-c', 'certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
];
const offline = { resolveEntry: () => fixture('absent-handler.ts'), webDist: fixture('web-dist'), bundle: false };
const templates = checkTemplates(contextFromArgs(args), offline);

/** A fake AWS CLI: answers by the first two words of the call. */
const cli = (answers: Record<string, ReturnType<AwsCli>>): AwsCli => (call) => answers[`${call[0]} ${call[1]}`] ?? { ok: false, error: `unexpected ${call.join(' ')}` };
const ok = (json: unknown) => ({ ok: true as const, json });
const fail = (error: string) => ({ ok: false as const, error });

/** The CLI's answers in an account ready for the stage. */
const ready: Record<string, ReturnType<AwsCli>> = {
  'sts get-caller-identity': ok({ Account: '123456789012' }),
  'ssm get-parameter': ok({ Parameter: { Value: '30' } }),
  'acm describe-certificate': ok({ Certificate: { Status: 'ISSUED', DomainName: '*.acme-attribution.com' } }),
  'sesv2 get-email-identity': fail('An error occurred (NotFoundException) when calling the GetEmailIdentity operation'),
  'cloudformation describe-stacks': fail('does not exist'),
  'sesv2 get-account': ok({ ProductionAccessEnabled: true }),
  'lambda get-account-settings': ok({ AccountLimit: { ConcurrentExecutions: 1000 } }),
};

describe('deploy:check', () => {
  it('refuses the committed placeholders, naming each field', () => {
    const { results } = checkTemplates({ stage: 'prod' }, offline);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ status: 'missing', item: 'stage config' });
    for (const field of ['domain', 'senderEmail', 'integrationMailbox', 'certificateArn']) expect(results[0]!.detail).toContain(field);
  });

  it('synthesises the stage with real values and passes cdk-nag', () => {
    expect(templates.results.map((r) => [r.item, r.status])).toEqual([
      ['stage config', 'ok'],
      ['synth', 'ok'],
      ['cdk-nag', 'ok'],
    ]);
    expect(templates.results[1]!.detail).toMatch(/^7 stacks/);
  });

  it('marks every account check "not checked" offline, and says why', () => {
    const results = checkAccount(templates.config!, 'eu-west-3', cli({ 'sts get-caller-identity': fail('Unable to locate credentials') }));
    expect(results.map((r) => r.status)).toEqual(['not checked', 'not checked', 'not checked', 'not checked']);
    expect(formatResults('prod', 'eu-west-3', [...templates.results, ...results])).toMatch(/not checked {2}CDK bootstrap: offline: Unable to locate credentials[\s\S]*0 missing, 4 not checked, 3 ok/);
  });

  it('prints each missing item of an account not ready yet', () => {
    const results = checkAccount(
      templates.config!,
      'eu-west-3',
      cli({
        ...ready,
        'ssm get-parameter': fail('An error occurred (ParameterNotFound) when calling the GetParameter operation'),
        'acm describe-certificate': ok({ Certificate: { Status: 'PENDING_VALIDATION', DomainName: 'onboarding.acme-attribution.com' } }),
        'sesv2 get-email-identity': ok({ VerifiedForSendingStatus: false }),
        'cloudformation describe-stacks': fail('Stack with id Portal-prod-Mail does not exist'),
        'sesv2 get-account': ok({ ProductionAccessEnabled: false }),
        'lambda get-account-settings': ok({ AccountLimit: { ConcurrentExecutions: 10 } }),
      }),
    );
    const missing = results.filter((r) => r.status === 'missing').map((r) => `${r.item}: ${r.detail}`);
    expect(missing).toEqual([
      expect.stringMatching(/^CDK bootstrap eu-west-3: not bootstrapped: npx cdk bootstrap aws:\/\/123456789012\/eu-west-3$/),
      expect.stringMatching(/^CDK bootstrap us-east-1: not bootstrapped/),
      expect.stringMatching(/^certificate \(us-east-1\): status PENDING_VALIDATION/),
      expect.stringMatching(/^SES identity: acme-attribution.com already exists outside Portal-prod-Mail/),
      expect.stringMatching(/^SES production access/),
      expect.stringMatching(new RegExp(`^Lambda concurrency quota: 10, needs ${requiredAccountConcurrency()}`)),
    ]);
  });

  it('passes a ready account', () => {
    const results = checkAccount(templates.config!, 'eu-west-3', cli(ready), templates.bootstrapVersion);
    expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
  });
});
