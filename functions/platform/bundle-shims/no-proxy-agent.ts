/**
 * Stands in for `https-proxy-agent` in Lambda bundles (lib/bundling.ts `bundleAliases`): gaxios
 * loads it only when a proxy is configured (HTTPS_PROXY), which Lambda functions of the portal never are.
 */
export class HttpsProxyAgent {
  constructor() {
    throw new Error('HTTP proxies are not supported in the portal functions (https-proxy-agent is not bundled)');
  }
}
export default { HttpsProxyAgent };
