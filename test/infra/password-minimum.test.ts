import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config';
import { envNames } from '../../functions/platform/config/resources';
import { WEB_BUILD_SETTINGS_FILE } from '../../lib/definitions/web-build';
import { fixture, synthApp } from './support';

/**
 * The password minimum is ONE stage setting (docs/deploy.md, "Password minimum"): `-c
 * passwordMinLength=…` sets the user pool's policy and every function's PASSWORD_MIN_LENGTH, and
 * the Web stack uploads only a web build made with the same VITE_PASSWORD_MIN_LENGTH.
 */

/** Context as `npm run synth` gives it (placeholders allowed). */
const ctx = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => ({ placeholders: 'allow', ...values })[key] });

/** A web build directory as `npm run build` leaves it, made with `minimum` (undefined: an older build without the settings file). */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function webBuild(minimum?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  made.push(dir);
  copyFileSync(fixture('web-dist', 'index.html'), join(dir, 'index.html'));
  if (minimum !== undefined) writeFileSync(join(dir, WEB_BUILD_SETTINGS_FILE), JSON.stringify({ passwordMinLength: minimum }));
  return dir;
}

type Fn = { Properties: { Environment?: { Variables?: Record<string, unknown> } } };

describe('the stage setting passwordMinLength', () => {
  it('sets the pool’s policy and every function’s PASSWORD_MIN_LENGTH (12 here)', () => {
    const config = loadConfig(ctx({ passwordMinLength: '12' }));
    expect(config.passwordMinLength).toBe(12);
    const { t } = synthApp(config, webBuild(12));
    t('auth').hasResourceProperties('AWS::Cognito::UserPool', { Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12 }) } });
    const functions = [...Object.values(t('api').findResources('AWS::Lambda::Function')), ...Object.values(t('jobs').findResources('AWS::Lambda::Function'))] as Fn[];
    const portal = functions.filter((fn) => fn.Properties.Environment?.Variables?.[envNames.tableName]);
    expect(portal.length).toBeGreaterThan(60);
    for (const fn of portal) expect(fn.Properties.Environment!.Variables![envNames.passwordMinLength]).toBe('12');
  });

  it('is the spec’s 8 when a stage does not set it', () => {
    const { t } = synthApp(loadConfig(ctx({})));
    t('auth').hasResourceProperties('AWS::Cognito::UserPool', { Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) } });
  });

  it('refuses a value below 8 at synth, and anything but a whole number up to Cognito’s 99', () => {
    expect(() => loadConfig(ctx({ passwordMinLength: '7' }))).toThrow(/passwordMinLength must be at least 8 \(the spec's minimum\), got 7/);
    expect(() => loadConfig(ctx({ passwordMinLength: 6 }))).toThrow(/at least 8/);
    expect(() => loadConfig(ctx({ passwordMinLength: '10.5' }))).toThrow(/passwordMinLength must be a whole number/);
    expect(() => loadConfig(ctx({ passwordMinLength: 'twelve' }))).toThrow(/whole number/);
    expect(() => loadConfig(ctx({ passwordMinLength: '100' }))).toThrow(/at most 99/);
  });

  it('refuses a web build made for another minimum, or without its settings (the forms would accept what the pool refuses)', () => {
    const config = loadConfig(ctx({ passwordMinLength: '12' }));
    expect(() => synthApp(config, webBuild(8))).toThrow(/web build checks passwords of at least 8 characters, stage dev asks at least 12: rebuild it: VITE_PASSWORD_MIN_LENGTH=12 npm run build/);
    expect(() => synthApp(config, webBuild())).toThrow(/build-settings.json is missing/);
  });

  it('does not upload the build settings (nothing in the browser reads them)', () => {
    const { t } = synthApp(loadConfig(ctx({})));
    const deployments = Object.values(t('web').findResources('Custom::CDKBucketDeployment')) as Array<{ Properties: { Exclude?: string[] } }>;
    expect(deployments.some((d) => d.Properties.Exclude?.includes(WEB_BUILD_SETTINGS_FILE))).toBe(true);
  });
});
