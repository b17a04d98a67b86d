/**
 * Stands in for `node-fetch` in Lambda bundles (lib/bundling.ts `bundleAliases`): gaxios (under the
 * googleapis packages) imports node-fetch v3 when there is no `window.fetch`; Node 22 has fetch
 * built in, and node-fetch with its polyfills is ~90 KB of bundle to compile at every cold start.
 */
const nativeFetch = (...args: Parameters<typeof fetch>): Promise<Response> => fetch(...args);
export default nativeFetch;
