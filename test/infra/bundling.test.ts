import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_FILE } from '../../lib/bundling';
import { PortalFunction } from '../../lib/constructs/portal-function';
import { fromRoot } from '../../lib/paths';

/**
 * PortalFunction's asset, built for real (the other infra tests skip bundling): each function
 * gets its own entry's build, an `index.mjs` Lambda can load plus the chunks behind `import()`.
 * The CDK caches staged assets by their bundling options, which cannot see into our local build:
 * two functions once received the first one's bundle.
 */

let outdir: string;
let assets: Map<string, string>;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'portal-bundling-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Bundling');
  const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  const logGroup = new LogGroup(stack, 'Logs');
  const entries = { reference: fromRoot('test/bench/reference-handler.ts'), usersCreate: fromRoot('functions/http/users/users-create.ts') };
  for (const [id, entry] of Object.entries(entries)) new PortalFunction(stack, id, { entry, description: id, role, logGroup, environment: {} });
  const assembly = app.synth();
  const template = assembly.getStackByName('Bundling').template as { Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }> };
  assets = new Map(
    Object.entries(template.Resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .map(([logicalId, r]) => [logicalId.replace(/[A-F0-9]{8}$/, ''), path.join(outdir, `asset.${r.Properties.Code!.S3Key!.replace(/\.zip$/, '')}`)]),
  );
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('PortalFunction asset', () => {
  it('is one build per entry', () => {
    expect([...assets.keys()].sort()).toEqual(['reference', 'usersCreate']);
    expect(new Set(assets.values()).size).toBe(2);
  });

  it('holds index.mjs and its source map, with the lazily loaded code in chunks/', () => {
    for (const dir of assets.values()) {
      expect(existsSync(path.join(dir, HANDLER_FILE))).toBe(true);
      expect(existsSync(path.join(dir, `${HANDLER_FILE}.map`))).toBe(true);
    }
    // The invitation mail's SES client is a chunk of its own, read when a mail goes out.
    const chunks = readdirSync(path.join(assets.get('usersCreate')!, 'chunks'));
    expect(chunks.some((file) => /^ses-[A-Z0-9]+\.mjs$/.test(file))).toBe(true);
    expect(readdirSync(path.join(assets.get('reference')!, 'chunks')).some((file) => file.startsWith('ses-'))).toBe(false);
  });

  it('loads in node as Lambda loads it (index.handler)', async () => {
    const loaded = (await import(path.join(assets.get('reference')!, HANDLER_FILE))) as { handler?: unknown };
    expect(typeof loaded.handler).toBe('function');
  });
});
