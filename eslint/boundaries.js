/**
 * The import boundaries of the architecture (docs/conventions.md, "Lint and import boundaries"),
 * as one local ESLint rule: each import is resolved against the importing file and checked
 * against the layer rules below. Repo-relative paths, so the same rule reads web, functions and
 * shared alike (the web's `shared/...` alias included).
 */
import { builtinModules } from 'node:module';
import path from 'node:path';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes('/testing/');

/** Repo-relative target of an import, or null for a package. */
function resolveTarget(root, file, source) {
  if (source.startsWith('.')) return path.relative(root, path.resolve(path.dirname(path.join(root, file)), source)).split(path.sep).join('/');
  if (source === 'shared' || source.startsWith('shared/')) return source; // web alias
  return null;
}

const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);
const featureOf = (p) => /^web\/src\/features\/([^/]+)/.exec(p)?.[1] ?? null;
const stripExt = (p) => p.replace(/\.(tsx?|jsx?)$/, '');

/** Returns the message of the broken rule, or null. */
export function boundaryViolation(file, source, target) {
  const fromFeature = featureOf(file);
  if (target) {
    const toFeature = featureOf(target);
    if (fromFeature && toFeature && fromFeature !== toFeature)
      return `web features do not import each other (${fromFeature} -> ${toFeature}): move the shared piece to web/src/ui or web/src/lib`;
    if (fromFeature && under(target, 'web/src/app'))
      return 'features do not import the app frame (web/src/app): the API client and helpers are in web/src/lib';
    if (['web/src/lib', 'web/src/ui', 'web/src/i18n'].some((d) => under(file, d)) && (under(target, 'web/src/app') || under(target, 'web/src/features')))
      return 'web/src/lib, ui and i18n sit below the app and the features: they import neither';
    if (under(file, 'shared') && !isTest(file) && ['web', 'functions', 'lib', 'localstack', 'bin', 'test'].some((d) => under(target, d)))
      return 'shared/ is used by the web app and the functions alike: it imports neither';
    // Tests may read raw keys to check what the data layer stored.
    if (stripExt(target) === 'functions/data/keys' && !under(file, 'functions/data') && !isTest(file) && !under(file, 'test'))
      return 'only functions/data knows the key formats (functions/data/keys.ts)';
    if (under(file, 'functions/http') && under(target, 'functions/data'))
      return 'handlers go through functions/core, never functions/data directly';
    if (under(file, 'functions/core') && ['functions/http', 'functions/pipeline', 'functions/jobs'].some((d) => under(target, d)))
      return 'use cases sit below the handlers, the request pipeline and the jobs: they import none of them';
    // The layers point one way: http -> pipeline -> core -> data -> platform (docs/architecture.md, "Layers").
    if (under(file, 'functions/data') && !isTest(file) && ['functions/core', 'functions/http', 'functions/pipeline', 'functions/jobs'].some((d) => under(target, d)))
      return 'functions/data sits below the use cases: it imports only functions/platform and shared/';
    if (under(file, 'functions/platform') && !isTest(file) && ['functions/core', 'functions/data', 'functions/http', 'functions/pipeline', 'functions/jobs'].some((d) => under(target, d)))
      return 'functions/platform is the bottom layer (clients, env, log, errors, config): a rule that reads data or use cases goes to functions/core, the request pipeline to functions/pipeline';
    if (['functions', 'shared', 'web/src'].some((d) => under(file, d)) && !isTest(file) && under(target, 'lib'))
      return 'runtime code does not import the CDK folder lib/: what both read lives in functions/platform/config';
    if (['lib', 'bin'].some((d) => under(file, d)) && under(target, 'functions') && !under(target, 'functions/platform/config'))
      return 'the CDK reads only functions/platform/config of the runtime (handlers are bundled by path)';
  } else if (under(file, 'shared') && !isTest(file) && NODE_BUILTINS.has(source)) {
    return `shared/ runs in browsers too: no Node built-in (${source})`;
  }
  return null;
}

export default {
  rules: {
    boundaries: {
      meta: { type: 'problem', docs: { description: 'Architecture import boundaries' }, schema: [] },
      create(context) {
        const root = context.cwd;
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return;
          const source = node.source.value;
          const message = boundaryViolation(file, source, resolveTarget(root, file, source));
          if (message) context.report({ node: node.source, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => node.source?.type === 'Literal' && check({ source: node.source }),
        };
      },
    },
  },
};
