import { describe, expect, it } from 'vitest';
import { mfaSetupPathFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeRedirect('/marketing/sources?tab=2#top')).toBe('/marketing/sources?tab=2#top');
    expect(safeRedirect('/admin/users/edit/42')).toBe('/admin/users/edit/42');
  });

  it('falls back to /dashboard when there is no redirect', () => {
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('')).toBe('/dashboard');
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    '/%0a/evil',
    '/login?redirect=/x',
    '/.//evil.example',
    '/..//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
  ])('refuses %s', (value) => {
    const result = safeRedirect(value);
    if (value === '/%0a/evil') expect(result).toBe('/%0a/evil'); // encoded: stays a harmless path
    else expect(result).toBe('/dashboard');
  });
});

describe('mfaSetupPathFor', () => {
  it('sends to the set-up page with the way back, never nesting the set-up page in itself', () => {
    expect(mfaSetupPathFor('/admin/users?q=a')).toBe('/mfa-setup?required=1&redirect=%2Fadmin%2Fusers%3Fq%3Da');
    const once = mfaSetupPathFor('/agenda');
    expect(mfaSetupPathFor(once)).toBe(once);
    expect(mfaSetupPathFor('//evil.example')).toBe('/mfa-setup?required=1&redirect=%2Fdashboard');
  });
});
