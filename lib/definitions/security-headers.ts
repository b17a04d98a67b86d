/**
 * The portal's security response headers, in one place for CloudFront (lib/web.ts) and the
 * local gateway (localstack/gateway.ts, full set when it serves the built app).
 */

export interface SecurityHeaderOptions {
  /** Origins the browser uploads feed files to (the feed bucket's presigned POST). */
  readonly uploadOrigins: readonly string[];
  /** The widget tracking tag (VITE_WIDGET_SCRIPT_URL of the build), whose origin scripts may come from. */
  readonly widgetScriptUrl?: string;
}

/** Where browsers send CSP violation reports (route security-csp-report of shared/routes.ts). */
const CSP_REPORT_PATH = '/api/security/csp-report';

/** The origin of an https URL, or nothing (anything else is not allowed into the policy). */
function httpsOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const uploads = options.uploadOrigins.join(' ');
  const widget = httpsOrigin(options.widgetScriptUrl);
  return [
    "default-src 'self'",
    `script-src 'self'${widget ? ` ${widget}` : ''}`,
    // React sets style attributes; component libraries may inject <style>.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${uploads}${widget ? ` ${widget}` : ''}`.trim(),
    `form-action 'self' ${uploads}`.trim(),
    // The 500 page shows an HTML answer in a sandboxed srcdoc frame.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    'report-to csp',
  ].join('; ');
}

/** Browser features the portal never uses: refused to every frame, ours and any injected one. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Headers beyond CloudFront's built-in security set (CSP, HSTS, nosniff, frame and referrer options). */
export const extraSecurityHeaders: Readonly<Record<string, string>> = {
  'permissions-policy': PERMISSIONS_POLICY,
  // No other window keeps a handle on the portal's (XS-Leaks), and no other site embeds its files.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'reporting-endpoints': `csp="${CSP_REPORT_PATH}"`,
};
