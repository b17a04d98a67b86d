import { describe, expect, it } from 'vitest';
import { appUrl, loadConfig, mailTemplatePrefix, stackName } from '../../lib/config';

/** Context as `npm run synth` gives it (placeholders allowed); `real` as a deploy gives it. */
const ctx = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => ({ placeholders: 'allow', ...values })[key] });
const real = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => values[key] });

describe('stage config', () => {
  it('defaults to dev and derives names from the stage', () => {
    const config = loadConfig(ctx({}));
    expect(config.stage).toBe('dev');
    expect(config.retainData).toBe(false);
    expect(appUrl(config)).toBe(`https://${config.domain}`);
    expect(mailTemplatePrefix(config)).toBe('portal-dev-');
    expect(stackName(config, 'Api')).toBe('Portal-dev-Api');
  });

  it('retains data in prod', () => {
    expect(loadConfig(ctx({ stage: 'prod' })).retainData).toBe(true);
  });

  it('takes overrides from context, and requires them for an unknown (personal) stage', () => {
    expect(() => loadConfig(ctx({ stage: 'alice' }))).toThrow(/domain/);
    const config = loadConfig(
      ctx({ stage: 'alice', domain: 'alice.portal.example.com', senderEmail: 'a@example.com', integrationMailbox: 'i@example.com' }),
    );
    expect(config).toMatchObject({ stage: 'alice', domain: 'alice.portal.example.com', retainData: false });
  });

  it('refuses reserved or malformed values', () => {
    expect(() => loadConfig(ctx({ stage: 'local' }))).toThrow(/reserved/);
    expect(() => loadConfig(ctx({ stage: 'Dev!' }))).toThrow(/Invalid stage/);
    expect(() => loadConfig(ctx({ senderEmail: 'nope' }))).toThrow(/senderEmail/);
    expect(() => loadConfig(ctx({ certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' }))).toThrow(/us-east-1/);
  });
});

describe('deploying for real', () => {
  const team = {
    domain: 'onboarding.acme-attribution.com',
    senderEmail: 'no-reply@acme-attribution.com',
    integrationMailbox: 'integration@acme-attribution.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  };

  it('refuses the placeholder domains and mailboxes and a missing certificate, naming what to set', () => {
    const error = (() => {
      try {
        loadConfig(real({ stage: 'prod' }));
      } catch (caught) {
        return (caught as Error).message;
      }
      return '';
    })();
    expect(error).toMatch(/domain uses the placeholder host "onboarding.example.com"/);
    expect(error).toMatch(/senderEmail/);
    expect(error).toMatch(/integrationMailbox/);
    expect(error).toMatch(/certificateArn is missing/);
    for (const host of ['portal.test', 'x.example', 'portal.invalid', 'example.org']) {
      expect(() => loadConfig(real({ stage: 'prod', ...team, domain: host })), host).toThrow(/placeholder/);
    }
  });

  it("accepts a team's real values", () => {
    expect(loadConfig(real({ stage: 'prod', ...team }))).toMatchObject({ stage: 'prod', domain: team.domain, retainData: true });
  });

  it('needs a stage when deploying (npm run deploy sets requireStage)', () => {
    expect(() => loadConfig(real({ requireStage: 'true' }))).toThrow(/Choose the stage/);
    expect(loadConfig(real({ requireStage: 'true', stage: 'prod', ...team })).stage).toBe('prod');
  });

  it('lets the LocalStack stage keep its local names', () => {
    expect(loadConfig(real({ stage: 'localstack' })).domain).toBe('portal.localhost.localstack.cloud');
  });
});
