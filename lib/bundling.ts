/**
 * The one definition of how a Lambda handler is bundled. The CDK (PortalFunction's asset, built
 * with esbuild's JS API) and the cold-start bench (test/bench/cold-start.ts) both use
 * `esbuildBuildOptions`, so what is measured is what is deployed.
 */
import type { BuildOptions } from 'esbuild';
import { fromRoot } from './paths';

/**
 * AWS SDK v3 is bundled (not left to the copy in the Node 22 runtime). Measured with
 * `npm run bench:cold` (figures in docs/deploy.md): a tree-shaken, minified single file loads
 * faster than resolving and evaluating the SDK's many CommonJS files from node_modules, and it
 * pins the exact SDK version we test against instead of whatever the runtime ships.
 */
export const bundleAwsSdk = true;

/** Packages the Node.js Lambda runtime provides; only marked external when not bundling the SDK. */
const runtimeProvidedModules = ['@aws-sdk/*', '@smithy/*'] as const;

/**
 * ESM output needs a real `require` for the CommonJS dependencies that require Node built-ins
 * (esbuild's ESM shim throws "Dynamic require of … is not supported" otherwise), and the
 * `__dirname` / `__filename` that some read as they load (ssh2): `esmDefines` points their free
 * uses at the bundle's own, so a module declaring its own `__dirname` never clashes with ours.
 */
const esmRequireBanner =
  "import { createRequire as __portalCreateRequire } from 'node:module';import { fileURLToPath as __portalFileURLToPath } from 'node:url';const require = __portalCreateRequire(import.meta.url);const __portalFilename = __portalFileURLToPath(import.meta.url);const __portalDirname = __portalFileURLToPath(new URL('.', import.meta.url));";
const esmDefines = { __dirname: '__portalDirname', __filename: '__portalFilename' } as const;

/**
 * Native add-ons never go into a bundle (built for this machine, not for Lambda): the packages
 * that try one (ssh2's optional crypto binding, cpu-features) catch the failed require at run
 * time and use their pure JavaScript path.
 */
const nativeAddons = ['*.node'] as const;

/**
 * Packages replaced by small stand-ins in every bundle (esbuild `alias`). Only the Google
 * client libraries of the analytics functions pull them in: node-fetch (gaxios's fetch in Node;
 * Node 22 has its own), qs (googleapis-common's query strings), https-proxy-agent (never a
 * proxy on Lambda) and google-auth-library (the provider signs in with
 * functions/platform/google-auth.ts; googleapis-common only names the library's classes):
 * ~320 KB less to compile at a cold start; and Node's own http2, which googleapis-common
 * loads for a request option the portal never sets (docs/analytics.md, "Cold start"). The
 * shims are tested against the packages' own behaviour (functions/platform/bundle-shims).
 */
const bundleAliases: Readonly<Record<string, string>> = {
  'node-fetch': fromRoot('functions/platform/bundle-shims/native-fetch.ts'),
  qs: fromRoot('functions/platform/bundle-shims/qs.ts'),
  'https-proxy-agent': fromRoot('functions/platform/bundle-shims/no-proxy-agent.ts'),
  'google-auth-library': fromRoot('functions/platform/bundle-shims/google-auth-library.ts'),
  // A Node built-in, replaced all the same: see the shim.
  http2: fromRoot('functions/platform/bundle-shims/no-http2.ts'),
};

export interface EsbuildSettings {
  readonly target: string;
  readonly platform: 'node';
  readonly format: 'esm';
  readonly minify: boolean;
  readonly sourcemap: boolean;
  /** Maps without embedded sources: smaller artefacts; stack traces still map to file:line. */
  readonly sourcesContent: boolean;
  /** Prefer the ESM builds of dependencies (tree-shakeable), fall back to CommonJS. */
  readonly mainFields: readonly string[];
  readonly banner: string;
  readonly define: Readonly<Record<string, string>>;
  readonly external: readonly string[];
  readonly alias: Readonly<Record<string, string>>;
}

export const esbuildSettings = (awsSdkBundled: boolean = bundleAwsSdk): EsbuildSettings => ({
  target: 'node22',
  platform: 'node',
  format: 'esm',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
  define: esmDefines,
  external: [...(awsSdkBundled ? [] : runtimeProvidedModules), ...nativeAddons],
  alias: bundleAliases,
});

/**
 * NODE_OPTIONS of the background jobs: stack traces through the source maps, read as each chunk
 * loads (an error a job throws is logged by the Lambda runtime, and a job's start-up is nobody's
 * wait). API routes get none: Node would read and parse every map at each cold start (about a
 * fifth of a route's load), and a route logs a stack only for an unexpected error, which
 * functions/platform/stack-map.ts maps then. The bench loads each bundle with its own options.
 */
export const jobNodeOptions = '--enable-source-maps';
export const routeNodeOptions = '';

/** The file Lambda loads (`index.handler`); the other chunks sit beside it under chunks/. */
export const HANDLER_FILE = 'index.mjs';

/**
 * The build of one handler: the entry in, `outdir/index.mjs` plus chunks out.
 *
 * Code splitting: what a handler imports with `import()` (the SES client, loaded with the first
 * mail; the S3 calls of an uploaded feed; the AWS SDK's own credential providers for SSO, STS and
 * sign-in, which a Lambda with its role's credentials never loads) becomes a chunk file read only
 * when it is used, instead of code every cold start compiles. Measured with `npm run bench:cold`
 * (docs/deploy.md, "Cold start"). The CDK's NodejsFunction bundles to one file, hence PortalFunction
 * builds its asset with this (lib/constructs/portal-function.ts).
 */
export function esbuildBuildOptions(entry: string, outdir: string, settings: EsbuildSettings = esbuildSettings()): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    target: settings.target,
    platform: settings.platform,
    format: settings.format,
    minify: settings.minify,
    sourcemap: settings.sourcemap,
    sourcesContent: settings.sourcesContent,
    mainFields: [...settings.mainFields],
    // Every chunk gets the banner: each needs its own `require` for the CommonJS modules in it.
    banner: { js: settings.banner },
    define: { ...settings.define },
    external: [...settings.external],
    alias: { ...settings.alias },
    logLevel: 'warning',
  };
}
