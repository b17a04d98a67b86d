/**
 * Synthesises the whole portal once per test file, without bundling (context
 * `aws:cdk:bundling-stacks` = []): the templates are identical except for asset hashes,
 * and 60+ esbuild runs would make the infra tests slow. The CDK's built-in CloudFormation
 * validation (a WASM linter, most of the synth time) is off here; `npm run synth` runs it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { validate, type StageConfig } from '../../lib/config';
import { defaultEntry } from '../../lib/api';
import { createPortal, portalAppContext, type PortalApp, type PortalStacks } from '../../lib/portal';
import type { RouteDef } from '../../shared/routes';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (...parts: string[]): string => path.join(here, 'fixtures', ...parts);

export const testConfig: StageConfig = validate(
  {
  stage: 'qa',
  domain: 'portal.test.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  senderEmail: 'no-reply@test.example.com',
  integrationMailbox: 'integration@test.example.com',
  retainData: true,
  },
  // Placeholder hosts: the templates are checked offline, never deployed.
  { allowPlaceholders: true },
);

/** Real handler modules where they exist; the fixture otherwise (see fixtures/absent-handler.ts). */
const entryOrFixture = (route: RouteDef): string => {
  const entry = defaultEntry(route);
  return existsSync(entry) ? entry : fixture('absent-handler.ts');
};

export interface Synth {
  stacks: PortalStacks;
  templates: { [K in keyof PortalStacks]: Template };
}

export function synthPortal(config: StageConfig = testConfig): Synth {
  const app = new App({
    context: { ...portalAppContext, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const stacks = createPortal(app, config, { resolveEntry: entryOrFixture, webDist: fixture('web-dist') });
  const templates = {
    data: Template.fromStack(stacks.data),
    auth: Template.fromStack(stacks.auth),
    mail: Template.fromStack(stacks.mail),
    api: Template.fromStack(stacks.api),
    jobs: Template.fromStack(stacks.jobs),
    web: Template.fromStack(stacks.web),
  };
  return { stacks, templates };
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

export const resourcesOf = (template: Template, type: string): Resources =>
  template.findResources(type) as Resources;

/** Every IAM action allowed to the role of a function (all statements of all policies on it). */
export function actionsOfFunction(template: Template, functionLogicalId: string): string[] {
  const fn = template.toJSON().Resources[functionLogicalId];
  const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  const actions: string[] = [];
  for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy'))) {
    const roles = (policy.Properties?.Roles ?? []) as Array<{ Ref?: string }>;
    if (!roles.some((r) => r.Ref === roleId)) continue;
    const doc = policy.Properties?.PolicyDocument as { Statement: Array<{ Action: string | string[]; Effect: string }> };
    for (const statement of doc.Statement) {
      if (statement.Effect !== 'Allow') continue;
      actions.push(...(Array.isArray(statement.Action) ? statement.Action : [statement.Action]));
    }
  }
  return actions;
}

/**
 * Every stack of a stage (the WAF stack too), every route on the fixture handler, templates made
 * on demand: for tests of a whole configuration (production.test.ts, operations.test.ts).
 */
export function synthApp(config: StageConfig, webDist = fixture('web-dist')): { portal: PortalApp; t: (stack: keyof PortalApp) => Template } {
  const app = new App({ context: { ...portalAppContext, 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const portal = createPortal(app, config, { resolveEntry: () => fixture('absent-handler.ts'), webDist });
  const cache = new Map<string, Template>();
  const t = (stack: keyof PortalApp) => {
    if (!cache.has(stack)) cache.set(stack, Template.fromStack(portal[stack]!));
    return cache.get(stack)!;
  };
  return { portal, t };
}
