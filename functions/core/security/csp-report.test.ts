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

  it('strips http URLs too, keeps a source file from either format, and only a numeric line', () => {
    const raw = JSON.stringify({
      'csp-report': {
        'document-uri': 'HTTP://portal.test/login?next=/admin',
        'violated-directive': 'style-src',
        'blocked-uri': 'data',
        'source-file': 'http://portal.test/app.js?v=1',
        'line-number': '12',
      },
    });
    expect(parseCspReports(raw)).toEqual([{ directive: 'style-src', blocked: 'data', page: 'http://portal.test/login', source: 'http://portal.test/app.js' }]);
    const reportTo = JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'img-src', sourceFile: 'https://cdn.example/x.js#frag', lineNumber: 7 } }]);
    expect(parseCspReports(reportTo)).toEqual([{ directive: 'img-src', blocked: '', page: '', source: 'https://cdn.example/x.js', line: 7 }]);
  });

  it('prefers the effective directive, and treats a URL-looking value that is no URL as nothing', () => {
    const raw = JSON.stringify({ 'csp-report': { 'effective-directive': 'script-src-elem', 'violated-directive': 'script-src', 'blocked-uri': 'https://[::1' } });
    expect(parseCspReports(raw)).toEqual([{ directive: 'script-src-elem', blocked: '', page: '' }]);
  });

  it('caps what a hostile report controls: directive 100, non-URL values 100, URLs 300 characters', () => {
    const raw = JSON.stringify({
      'csp-report': {
        'effective-directive': 'd'.repeat(500),
        'blocked-uri': `x${'b'.repeat(500)}`,
        'document-uri': `https://portal.test/${'p'.repeat(900)}`,
        'source-file': ` https://portal.test/${'s'.repeat(100)}`,
      },
    });
    const [v] = parseCspReports(raw);
    expect(v!.directive).toHaveLength(100);
    expect(v!.blocked).toHaveLength(100);
    expect(v!.page).toHaveLength(300);
    // Not starting with the scheme: kept as text (capped), not parsed.
    expect(v!.source).toBe(` https://portal.test/${'s'.repeat(100)}`.slice(0, 100));
  });
});

