import { describe, expect, it } from 'vitest';
import { appUrl, loadConfig, mailTemplatePrefix, stackName } from '../../lib/config';

const ctx = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => values[key] });

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
