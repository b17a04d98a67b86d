/**
 * Content-Security-Policy violation reports, as browsers send them: `application/csp-report`
 * (`{ "csp-report": {...} }`, report-uri) or `application/reports+json` (an array of
 * `{ type: "csp-violation", body: {...} }`, report-to). Reduced to the few fields an operator
 * needs; URLs lose their query and fragment (they may carry tokens, e.g. a reset link).
 */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  source?: string;
  line?: number;
}

const MAX_REPORTS = 20;
const text = (value: unknown, max = 300): string => (typeof value === 'string' ? value.slice(0, max) : '');

function withoutSecrets(url: unknown): string {
  const raw = text(url, 1000);
  if (!raw || !/^https?:/i.test(raw)) return raw.slice(0, 100); // 'inline', 'eval', 'data', ...
  try {
    const parsed = new URL(raw);
    return `${parsed.origin}${parsed.pathname.replace(/\/password-reset\/[^/]+/, '/password-reset/…')}`.slice(0, 300);
  } catch {
    return '';
  }
}

function violation(body: Record<string, unknown>): CspViolation | null {
  const directive = text(body['effective-directive'] ?? body.effectiveDirective ?? body['violated-directive'], 100);
  if (!directive) return null;
  const line = body['line-number'] ?? body.lineNumber;
  return {
    directive,
    blocked: withoutSecrets(body['blocked-uri'] ?? body.blockedURL),
    page: withoutSecrets(body['document-uri'] ?? body.documentURL),
    ...(body['source-file'] ?? body.sourceFile ? { source: withoutSecrets(body['source-file'] ?? body.sourceFile) } : {}),
    ...(typeof line === 'number' ? { line } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The violations of one report request; anything unreadable is ignored (reports are best effort). */
export function parseCspReports(raw: string): CspViolation[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const bodies = Array.isArray(parsed)
    ? parsed.filter((r) => isObject(r) && r.type === 'csp-violation' && isObject(r.body)).map((r) => r.body as Record<string, unknown>)
    : isObject(parsed) && isObject(parsed['csp-report'])
      ? [parsed['csp-report']]
      : // Stryker disable next-line ArrayDeclaration: a non-report element has no directive and is dropped by violation() anyway.
        [];
  return bodies
    .slice(0, MAX_REPORTS)
    .map(violation)
    .filter((v): v is CspViolation => v !== null);
}
