import { beforeAll, describe, expect, it } from 'vitest';
import { envNames, googleCredentialsSecretName, jobs } from '../../functions/platform/config/resources';
import { grantsFor } from '../../lib/permissions';
import { routes, type RouteDef } from '../../shared/routes';
import { resourcesOf, synthPortal, testConfig, type Synth } from './support';

/**
 * The Google service account key of the analytics checks: a secret of the data stack, readable
 * only by the functions whose route (or job) declares `googleCredentials`, named in their environment.
 */

let synth: Synth;
beforeAll(() => {
  synth = synthPortal();
});

const secretName = googleCredentialsSecretName(testConfig.stage);

interface Policy {
  Roles?: Array<{ Ref?: string }>;
  PolicyDocument: { Statement: Array<{ Action: string | string[]; Effect: string; Resource: unknown }> };
}

/** The resources a function's role may read secrets from. */
function secretReads(functionId: string): string[] {
  const template = synth.templates.api;
  const fn = template.toJSON().Resources[functionId];
  const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  const found: string[] = [];
  for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy')) as Array<{ Properties?: Policy }>) {
    if (!policy.Properties?.Roles?.some((r) => r.Ref === roleId)) continue;
    for (const statement of policy.Properties.PolicyDocument.Statement) {
      const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
      if (statement.Effect === 'Allow' && actions.some((a) => a.startsWith('secretsmanager:'))) {
        expect(actions).toEqual(['secretsmanager:GetSecretValue']);
        found.push(JSON.stringify(statement.Resource));
      }
    }
  }
  return found;
}

const functionsByDescription = () =>
  Object.entries(resourcesOf(synth.templates.api, 'AWS::Lambda::Function')).map(([id, r]) => ({
    id,
    description: String(r.Properties?.Description ?? ''),
    environment: (r.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
  }));

describe('Google credentials secret', () => {
  it('is created by the data stack under the stage’s name', () => {
    synth.templates.data.hasResourceProperties('AWS::SecretsManager::Secret', { Name: secretName });
  });

  it('is readable by exactly the analytics routes and the feed-check job, and only that secret', () => {
    const readers: string[] = [];
    for (const fn of functionsByDescription()) {
      const reads = secretReads(fn.id);
      if (reads.length === 0) continue;
      readers.push(fn.description.match(/\(([^)]+)\)$/)?.[1] ?? fn.description.split(':')[0]!);
      for (const resource of reads) {
        expect(resource).toContain(`:secret:${secretName}-??????`);
        expect(resource).not.toContain('*');
      }
    }
    const expected = [
      ...(routes as readonly RouteDef[]).filter((r) => grantsFor(r).googleCredentials).map((r) => r.id),
      ...Object.entries(jobs)
        .filter(([, job]) => job.grants.googleCredentials)
        .map(([name]) => `Job ${name}`),
    ];
    expect(expected).toEqual(expect.arrayContaining(['analytics-access', 'analytics-utms', 'analytics-dimension', 'analytics-events', 'Job feed-check']));
    expect(readers.sort()).toEqual(expected.sort());
  });

  it('is served by the secrets extension layer on exactly the functions that may read it', () => {
    const withLayer: string[] = [];
    const readers: string[] = [];
    for (const fn of functionsByDescription()) {
      const properties = resourcesOf(synth.templates.api, 'AWS::Lambda::Function')[fn.id]!.Properties ?? {};
      const layers = JSON.stringify(properties.Layers ?? []);
      if (layers.includes('Paramsandsecretslayer')) withLayer.push(fn.description);
      if (secretReads(fn.id).length > 0) readers.push(fn.description);
    }
    expect(readers.length).toBeGreaterThanOrEqual(5);
    expect(withLayer.sort()).toEqual(readers.sort());
    // The stack is region-agnostic: the layer's ARN comes from CDK's map of AWS's published versions (arm64).
    const map = synth.templates.api.toJSON().Mappings?.ParamsandsecretslayerMap as Record<string, Record<string, string>>;
    expect(map['eu-west-1']?.['1x0x103xarm64']).toMatch(/^arn:aws:lambda:eu-west-1:\d{12}:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/);
  });

  it('is named (not its value) in the functions’ environment', () => {
    for (const fn of functionsByDescription()) expect(fn.environment[envNames.googleCredentialsSecret], fn.description).toBe(secretName);
  });

  it('the analytics routes get the 29 s timeout', () => {
    for (const fn of functionsByDescription().filter((f) => /\(analytics-/.test(f.description))) {
      expect(resourcesOf(synth.templates.api, 'AWS::Lambda::Function')[fn.id]!.Properties?.Timeout, fn.description).toBe(29);
    }
  });
});
