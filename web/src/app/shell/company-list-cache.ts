import { companiesList } from 'shared/routes';

/**
 * How the shell keeps its answers of GET /api/companies (the admin search's and the admin
 * switcher's type-ahead: a few rows per text typed, docs/web.md "Lists paged by the server"): one
 * SWR entry per text, kept for the session, not read again on focus; the admin's writes of
 * companies read them again (`stale` of those routes in shared/routes.ts).
 */
export const COMPANY_LIST_CACHE = { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 10 * 60_000 } as const;

/** SWR key filter: every entry but the company list (after a company switch the list is unchanged). */
export const allButCompanyList = (key: unknown): boolean => !(Array.isArray(key) && key[0] === companiesList.id);
