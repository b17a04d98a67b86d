/**
 * Every page of the web app's page table (web/src/app/pages.tsx) with the role that uses it and,
 * for a pattern, one real path: the tour of `npm run bench:pages` and test/e2e/phone-layout.e2e.ts.
 * test/e2e/phone-layout.e2e.ts fails when a page of the table is missing here.
 */
export type TourRole = 'ROLE_ADMIN' | 'ROLE_USER' | null;

export interface TourPage {
  /** The pattern of web/src/app/pages.tsx. */
  pattern: string;
  /** Who uses it (null: signed out). */
  role: TourRole;
  /** The path visited; `{userId}` is the customer's user id, read from /api/users. */
  path?: string;
}

export const PAGE_TOUR: readonly TourPage[] = [
  { pattern: '/', role: null },
  { pattern: '/login', role: null },
  { pattern: '/password-reset', role: null },
  { pattern: '/password-reset/:token', role: null, path: '/password-reset/expired-or-unknown-token' },
  { pattern: '/case-studies', role: null },
  { pattern: '/dashboard', role: 'ROLE_USER' },
  { pattern: '/agenda', role: 'ROLE_USER' },
  { pattern: '/mfa-setup', role: 'ROLE_ADMIN' },
  { pattern: '/user/profile', role: 'ROLE_USER' },
  { pattern: '/admin/users', role: 'ROLE_ADMIN' },
  { pattern: '/admin/companies', role: 'ROLE_ADMIN' },
  { pattern: '/admin/:page/edit/:id', role: 'ROLE_ADMIN', path: '/admin/users/edit/{userId}' },
  { pattern: '/admin/translations', role: 'ROLE_ADMIN' },
  { pattern: '/admin/audit', role: 'ROLE_ADMIN' },
  { pattern: '/admin/mail', role: 'ROLE_ADMIN' },
  { pattern: '/admin/integration-status', role: 'ROLE_ADMIN' },
  { pattern: '/admin/default-collectors', role: 'ROLE_ADMIN' },
  { pattern: '/instructions/:name', role: 'ROLE_USER', path: '/instructions/salesforce_crm' },
  { pattern: '/analytics', role: 'ROLE_USER' },
  { pattern: '/analytics/access', role: 'ROLE_USER' },
  { pattern: '/analytics/custom-dimension', role: 'ROLE_USER' },
  { pattern: '/data-health', role: 'ROLE_USER' },
  { pattern: '/company/api-tokens', role: 'ROLE_USER' },
  { pattern: '/company/webhooks', role: 'ROLE_USER' },
  { pattern: '/company/history', role: 'ROLE_USER' },
  { pattern: '/crm/order-feed', role: 'ROLE_USER' },
  { pattern: '/crm/order-feed/warnings/:key', role: 'ROLE_USER', path: '/crm/order-feed/warnings/missingPrice' },
  { pattern: '/marketing/sources', role: 'ROLE_USER' },
  { pattern: '/marketing/collector', role: 'ROLE_USER' },
  { pattern: '/marketing/utm-management', role: 'ROLE_USER' },
  { pattern: '/marketing/commissions', role: 'ROLE_USER' },
];

/** The customer whose company has the most to show (Acme: steps, sources, meetings, traffic). */
export const TOUR_LOGINS: Record<Exclude<TourRole, null>, string> = {
  ROLE_ADMIN: 'admin@portal.test',
  ROLE_USER: 'customer@acme.test',
};

/** The path a tour page is visited at. */
export const tourPath = (page: TourPage, ids: { userId: string }): string => (page.path ?? page.pattern).replace('{userId}', ids.userId);
