import { companiesList } from 'shared/routes';

/**
 * How the shell keeps GET /api/companies (admin search, admin switcher; the companies admin pages
 * read the same SWR entry): fetched ONCE per session, on first use, then filtered in the browser.
 *
 * Why not a server-side prefix query (`?q=` on the GSI sort key)? The search matches the name OR
 * the product, anywhere in the text, which a `begins_with` on the name cannot do; and 5,000
 * companies are about 1 MB of JSON (~150 KB gzip), one request, after which every keystroke is a
 * sub-millisecond filter with no network round trip. The list is revalidated after the admin
 * creates, edits or deletes a company (`stale` of those routes in shared/routes.ts), not on focus.
 */
export const COMPANY_LIST_CACHE = { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 10 * 60_000 } as const;

/** SWR key filter: every entry but the company list (after a company switch the list is unchanged). */
export const allButCompanyList = (key: unknown): boolean => !(Array.isArray(key) && key[0] === companiesList.id);
