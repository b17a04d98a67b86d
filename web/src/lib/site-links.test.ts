import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookDemoUrl, caseStudiesUrl, externalLinkProps, learnMoreUrl } from './site-links';

describe('marketing links (issue 24: working defaults on npm start, deployments override)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('point at the portal itself when no deployment setting is given', () => {
    vi.stubEnv('VITE_CASE_STUDIES_URL', '');
    vi.stubEnv('VITE_BOOK_DEMO_URL', '');
    vi.stubEnv('VITE_LEARN_MORE_URL', '');
    expect(caseStudiesUrl()).toBe('/case-studies');
    expect(bookDemoUrl()).toBe('/case-studies#book-a-demo');
    expect(learnMoreUrl()).toBe('#how-it-works');
    expect(externalLinkProps(caseStudiesUrl())).toEqual({});
  });

  it('take the deployment settings when given, opening outside links in a new tab', () => {
    vi.stubEnv('VITE_CASE_STUDIES_URL', 'https://example.com/stories');
    vi.stubEnv('VITE_BOOK_DEMO_URL', 'https://example.com/demo');
    expect(caseStudiesUrl()).toBe('https://example.com/stories');
    expect(bookDemoUrl()).toBe('https://example.com/demo');
    expect(externalLinkProps(bookDemoUrl())).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
  });
});
