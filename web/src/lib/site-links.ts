/**
 * The marketing links of the portal: deployment settings (Vite env, docs/deploy.md), each with a
 * default that works on `npm start`, so the spec's screens are complete locally: the case
 * studies page of the portal itself (/case-studies, features/home/case-studies-page.tsx), whose
 * "Book a demo" section is the local demo request. A deployment's setting replaces them.
 */
const setting = (value: string | undefined, fallback: string): string => value?.trim() || fallback;

export const caseStudiesUrl = (): string => setting(import.meta.env.VITE_CASE_STUDIES_URL, '/case-studies');
export const learnMoreUrl = (): string => setting(import.meta.env.VITE_LEARN_MORE_URL, '#how-it-works');
export const bookDemoUrl = (): string => setting(import.meta.env.VITE_BOOK_DEMO_URL, '/case-studies#book-a-demo');

/** Links out of the portal open in a new tab; the portal's own pages do not. */
export const externalLinkProps = (url: string) => (/^https?:/.test(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {});
