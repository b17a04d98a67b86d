/**
 * Stands in for `qs` in Lambda bundles (lib/bundling.ts `bundleAliases`): googleapis-common only
 * calls `qs.stringify(params, { arrayFormat: 'repeat' })` on flat query parameters, and qs with its
 * dependencies is ~60 KB of bundle. Same output for flat values: arrays repeat the key, undefined
 * is left out, null is an empty value, values percent-encoded (qs's RFC 3986 default;
 * encodeURIComponent leaves !'()* as they are, which servers decode alike).
 */
export function stringify(params: Record<string, unknown> | null | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (item !== null && typeof item === 'object') throw new Error(`qs shim: nested query parameter ${key} is not supported`);
      parts.push(`${encodeURIComponent(key)}=${item === null ? '' : encodeURIComponent(String(item))}`);
    }
  }
  return parts.join('&');
}

export default { stringify };
