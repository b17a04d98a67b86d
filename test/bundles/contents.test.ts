import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { lambdaFunctions } from '../../localstack/lambda-bundles';
import { fromRoot, repoRoot } from '../../lib/paths';
import pkg from '../../package.json' with { type: 'json' };

/**
 * What each bundle the stack built (.lambda-bundles/<stack pid>, the CDK's own build) is made of,
 * read from its source maps (index.mjs.map and every chunk's): its own entry and the layers below
 * it, never another function's entry, the CDK app, the web app's screens, the local stack or the
 * tests, nor a package only the build, the tests or the browser use.
 */

/** Packages of package.json no Lambda needs: the CDK app's and the web app's, and every devDependency. */
const notForLambda = new Set([
  ...Object.keys(pkg.devDependencies),
  'aws-cdk-lib',
  'constructs',
  'react',
  'react-dom',
  'react-intl',
  'react-router-dom',
  'formik',
  'swr',
  '@nivo/bar',
  'qrcode-generator',
]);

/** Folders of the repository no Lambda code comes from. */
const FOREIGN = /^(test|localstack|bin|tools|eslint)\/|^web\/(?!src\/(all-catalogues\.ts$|(.+\/)?messages\/))|^lib\//;

/** Every source file of a bundle, relative to the repository (node_modules/ for packages). */
function sourcesOf(dir: string): string[] {
  const found = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.map')) {
        const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] };
        for (const source of map.sources) found.add(path.relative(repoRoot, path.resolve(folder, source)));
      }
    }
  };
  walk(dir);
  return [...found];
}

/** The package a node_modules path belongs to (its innermost node_modules). */
const packageOf = (source: string): string | null => {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [scope, name] = source.slice(at + 'node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? null);
};

const functions = lambdaFunctions(fromRoot('.lambda-bundles', String(inject('stackPid'))));
const entries = new Set(functions.map((fn) => path.relative(repoRoot, fn.entry)));

describe('each Lambda bundle carries only its own code', () => {
  it('covers every route and job', () => {
    expect(functions.length).toBeGreaterThan(70);
  });

  it.each(functions.map((fn) => [fn.name, fn] as const))('%s', (_name, fn) => {
    const sources = sourcesOf(path.dirname(fn.file));
    const own = path.relative(repoRoot, fn.entry);
    expect(sources).toContain(own);
    const ours = sources.filter((source) => !source.startsWith('node_modules/'));
    expect.soft(ours.filter((source) => entries.has(source) && source !== own), 'other functions’ entries').toEqual([]);
    expect.soft(ours.filter((source) => FOREIGN.test(source)), 'code of the CDK app, web screens, local stack or tests').toEqual([]);
    const packages = new Set(sources.map(packageOf).filter((name): name is string => name !== null));
    expect.soft([...packages].filter((name) => notForLambda.has(name)), 'packages no Lambda needs').toEqual([]);
  });
});
