// No dependency: the routes that only show a feed URL import this, not the fetcher (ipaddr.js, cold start).

/** The URL without user name and password (and without a fragment): what may be shown or stored. */
export function redactUrl(input: string | URL): string {
  try {
    const url = new URL(String(input));
    url.username = '';
    url.password = '';
    url.hash = '';
    return url.href;
  } catch {
    // Not a URL: still drop anything that looks like "//user:password@".
    return String(input).replace(/\/\/[^/?#]*@/, '//');
  }
}
