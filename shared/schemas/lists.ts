import { number, object, string } from 'yup';
import { lineText } from './common';
import { schema } from './define';
import { SEARCH_MAX_LENGTH } from './security';

/**
 * The query parameters of the admin lists that page through the server (GET /api/users,
 * GET /api/companies): the search (`q`, at most 128 characters, case-insensitive), the sort and
 * its direction, the cursor of the page (the `next` of the page before) and the page's size.
 */

export const LIST_PAGE_SIZE = 50;

export const USER_SORTS = ['login', 'lastName', 'company', 'managedCompanies'] as const;
export const COMPANY_SORTS = ['name', 'product', 'country', 'viewId', 'dimensionIndex', 'orderFeedUrl'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type CompanySort = (typeof COMPANY_SORTS)[number];

const listQuery = <S extends readonly string[]>(sorts: S) => ({
  q: string().max(SEARCH_MAX_LENGTH, 'validation.search.tooLong').test(lineText),
  sort: string().oneOf([...sorts], 'validation.invalid'),
  dir: string().oneOf(['asc', 'desc'], 'validation.invalid'),
  cursor: string().max(2000, 'validation.invalid').matches(/^[A-Za-z0-9_-]*$/, 'validation.invalid'),
  // A type-ahead asks for a few; a table for a page.
  limit: number().typeError('validation.invalid').integer('validation.invalid').min(1, 'validation.invalid').max(LIST_PAGE_SIZE, 'validation.invalid'),
});

export const usersListQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    ...listQuery(USER_SORTS),
    // The Team toggle: the platform team's users shown (default) or left out.
    team: string().oneOf(['visible', 'hidden'], 'validation.invalid'),
  }).noUnknown(),
);

export const companiesListQuerySchema = /* @__PURE__ */ schema(() => object(listQuery(COMPANY_SORTS)).noUnknown());

/** GET /api/outbox: the deliveries of one state (pending by due time, dead newest first), a page at a time. */
export const outboxListQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    state: string().oneOf(['pending', 'dead'], 'validation.invalid'),
    cursor: listQuery([]).cursor,
  }).noUnknown(),
);
