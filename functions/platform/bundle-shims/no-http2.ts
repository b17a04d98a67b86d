/**
 * Stands in for Node's `http2` in Lambda bundles (lib/bundling.ts `bundleAliases`). Only
 * googleapis-common requires it, as it loads, for requests made with `http2: true`, which the
 * portal never makes; loading Node's HTTP/2 stack (and `assert` with it) was ~3 ms of every
 * analytics cold start. The constants it reads at load are Node's own values.
 */
export const constants = {
  HTTP2_HEADER_CONTENT_ENCODING: 'content-encoding',
  HTTP2_HEADER_CONTENT_TYPE: 'content-type',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_STATUS: ':status',
} as const;

export function connect(): never {
  throw new Error('HTTP/2 requests are not supported in the portal functions (http2 is not bundled)');
}

export default { constants, connect };
