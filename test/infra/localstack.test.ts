import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config';
import { communityLambdaRuntimes, deploysOnCommunity, LOCALSTACK_COMMUNITY_IMAGE } from '../../lib/localstack-support';
import { fromRoot } from '../../lib/paths';
import { createPortal, portalAppContext, stackInputs } from '../../lib/portal';
import { fixture } from './support';

/** The `localstack` stage against the pinned community image (docs/localstack-docker.md). */
const app = new App({ context: { ...portalAppContext, 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
const portal = createPortal(app, loadConfig({ tryGetContext: (key) => ({ stage: 'localstack' })[key] }), {
  resolveEntry: () => fixture('absent-handler.ts'),
  webDist: fixture('web-dist'),
});
const stacks = [portal.data, portal.auth, portal.mail, portal.api, portal.jobs, portal.web];

describe('LocalStack stage', () => {
  it('pins the community image the support table describes, and makes unsupported types fail the deploy', () => {
    const compose = readFileSync(fromRoot('localstack/docker-compose.yml'), 'utf8');
    expect(compose).toContain(`image: \${LOCALSTACK_IMAGE:-${LOCALSTACK_COMMUNITY_IMAGE}}`);
    expect(compose).toMatch(/CFN_IGNORE_UNSUPPORTED_RESOURCE_TYPES: "0"/);
  });

  it('deploys the Data stack only on the community image, as docs/localstack-docker.md says', () => {
    const inputs = stackInputs(portal);
    expect(stacks.filter((s) => deploysOnCommunity(s, inputs)).map((s) => s.stackName)).toEqual(['Portal-localstack-Data']);
    const doc = readFileSync(fromRoot('docs/localstack-docker.md'), 'utf8');
    expect(doc).toContain(LOCALSTACK_COMMUNITY_IMAGE);
    expect(doc).toMatch(/npm run deploy:localstack -- Portal-localstack-Data\n/);
  });

  it('warns at synth on every stack that needs LocalStack Pro', () => {
    for (const stack of stacks.slice(1)) {
      Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp(`${stack.stackName} does not deploy on the community image`));
    }
    Annotations.fromStack(portal.data).hasNoWarning('*', Match.stringLikeRegexp('does not deploy on the community image'));
  });

  it('uses only Lambda runtimes the pinned image runs (the CDK providers included)', () => {
    const runtimes = new Set<string>();
    for (const stack of stacks) {
      for (const fn of Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))) runtimes.add(String(fn.Properties?.Runtime));
    }
    expect(runtimes.has('nodejs22.x')).toBe(true);
    for (const runtime of runtimes) expect(communityLambdaRuntimes, runtime).toContain(runtime);
  });
});
