import { describe, expect, it } from 'vitest';
import { parseCspReports } from './csp-report';

describe('parseCspReports', () => {
  it('reads report-uri reports and strips query, fragment and reset tokens', () => {
    const raw = JSON.stringify({
      'csp-report': {
        'document-uri': `https://portal.test/password-reset/${'A'.repeat(43)}?x=1#y`,
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js?session=secret',
        'line-number': 3,
      },
    });
    expect(parseCspReports(raw)).toEqual([
      { directive: 'script-src-elem', blocked: 'https://evil.example/x.js', page: 'https://portal.test/password-reset/…', line: 3 },
    ]);
  });

  it('reads report-to batches, keeps only CSP violations, at most 20', () => {
    const one = { type: 'csp-violation', body: { documentURL: 'https://portal.test/a', effectiveDirective: 'img-src', blockedURL: 'inline' } };
    const raw = JSON.stringify([one, { type: 'deprecation', body: {} }, ...Array.from({ length: 30 }, () => one)]);
    const parsed = parseCspReports(raw);
    expect(parsed).toHaveLength(20);
    expect(parsed[0]).toEqual({ directive: 'img-src', blocked: 'inline', page: 'https://portal.test/a' });
  });

  it('ignores what is not a report', () => {
    for (const raw of ['', 'nope', '[]', '{}', '{"csp-report":[]}', '[{"type":"csp-violation","body":{}}]']) expect(parseCspReports(raw)).toEqual([]);
  });
});
