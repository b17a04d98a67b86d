/**
 * The one definition of how a Lambda handler is bundled. The CDK (NodejsFunction) and the
 * cold-start bench (test/bench/cold-start.ts, esbuild JS API) both derive their settings from
 * `esbuildSettings`, so what is measured is what is deployed.
 */
import type { BuildOptions } from 'esbuild';
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * AWS SDK v3 is bundled (not left to the copy in the Node 22 runtime). Measured with
 * `npm run bench:cold` (figures in docs/deploy.md): a tree-shaken, minified single file loads
 * faster than resolving and evaluating the SDK's many CommonJS files from node_modules, and it
 * pins the exact SDK version we test against instead of whatever the runtime ships.
 */
export const bundleAwsSdk = true;

/** Packages the Node.js Lambda runtime provides; only marked external when not bundling the SDK. */
export const runtimeProvidedModules = ['@aws-sdk/*', '@smithy/*'] as const;

/**
 * ESM output needs a real `require` for the CommonJS dependencies that require Node built-ins
 * (esbuild's ESM shim throws "Dynamic require of … is not supported" otherwise).
 */
export const esmRequireBanner =
  "import { createRequire as __portalCreateRequire } from 'node:module';const require = __portalCreateRequire(import.meta.url);";

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
  readonly external: readonly string[];
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
  external: awsSdkBundled ? [] : [...runtimeProvidedModules],
});

/**
 * NODE_OPTIONS given to every function: stack traces through the source maps. The bench runs
 * its node processes with the same options so the measured load includes their cost.
 */
export const runtimeNodeOptions = '--enable-source-maps';

/** Settings for NodejsFunction (which runs the esbuild CLI with the equivalent flags). */
export function cdkBundling(settings: EsbuildSettings = esbuildSettings()): BundlingOptions {
  return {
    target: settings.target,
    format: OutputFormat.ESM,
    minify: settings.minify,
    sourceMap: settings.sourcemap,
    sourceMapMode: SourceMapMode.DEFAULT,
    sourcesContent: settings.sourcesContent,
    mainFields: [...settings.mainFields],
    banner: settings.banner,
    // An explicit list (possibly empty) overrides the CDK default of excluding the SDK.
    externalModules: [...settings.external],
    bundleAwsSDK: settings.external.length === 0,
  };
}

/** Same settings for the esbuild JS API (the bench): one entry in, one .mjs (+ map) out. */
export function esbuildBuildOptions(entry: string, outfile: string, settings: EsbuildSettings = esbuildSettings()): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    target: settings.target,
    platform: settings.platform,
    format: settings.format,
    minify: settings.minify,
    sourcemap: settings.sourcemap,
    sourcesContent: settings.sourcesContent,
    mainFields: [...settings.mainFields],
    banner: { js: settings.banner },
    external: [...settings.external],
    logLevel: 'warning',
  };
}
