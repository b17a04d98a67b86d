import { number, object, string } from 'yup';
import { STEP_STATUSES } from '../domain/integration';
import { STEP_TYPES } from '../domain/types';
import { lineText, pageCursor } from './common';
import { schema } from './define';
import { SEARCH_MAX_LENGTH } from '../domain/search-text';

/**
 * The query parameters of the admin lists that page through the server (GET /api/users,
 * GET /api/companies): the search (`q`, at most 128 characters, case-insensitive), the sort and
 * its direction, the cursor of the page (the `next` of the page before) and the page's size.
 */

export const LIST_PAGE_SIZE = 50;

export const USER_SORTS = ['login', 'lastName', 'company', 'managedCompanies'] as const;
export const COMPANY_SORTS = ['name', 'product', 'country', 'viewId', 'dimensionIndex', 'orderFeedUrl'] as const;
export const REPORT_SORTS = ['company', 'step', 'status'] as const;
/** Spec: the collector table sorts by source (default), accessEmail, configStatus and collectStatus. */
export const COLLECTOR_SORTS = ['source', 'accessEmail', 'configStatus', 'collectStatus'] as const;
/** Spec: the default collectors sort by name, access e-mail and type; by type descending by default. */
export const DEFAULT_COLLECTOR_SORTS = ['name', 'accessEmail', 'type'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type CollectorSort = (typeof COLLECTOR_SORTS)[number];
export type DefaultCollectorSort = (typeof DEFAULT_COLLECTOR_SORTS)[number];
export type ReportSort = (typeof REPORT_SORTS)[number];
export type CompanySort = (typeof COMPANY_SORTS)[number];

const listQuery = <S extends readonly string[]>(sorts: S) => ({
  q: string().max(SEARCH_MAX_LENGTH, 'validation.search.tooLong').test(lineText),
  sort: string().oneOf([...sorts], 'validation.invalid'),
  dir: string().oneOf(['asc', 'desc'], 'validation.invalid'),
  cursor: pageCursor(),
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

/** GET /api/collectors: a page of the current company's collectors (source ascending by default). */
export const collectorsListQuerySchema = /* @__PURE__ */ schema(() => object(listQuery(COLLECTOR_SORTS)).noUnknown());

/**
 * GET /api/default-collectors: a page of the platform's default collectors (type descending by
 * default), or a few matches of what a customer types in the collector page's picker.
 */
export const defaultCollectorsListQuerySchema = /* @__PURE__ */ schema(() => object(listQuery(DEFAULT_COLLECTOR_SORTS)).noUnknown());

/**
 * GET /api/integration-status/report: the list's parameters, the Completed toggle, "failing first"
 * (the failing companies' steps on top, then warning, unknown, healthy), and the report's filters:
 * one company (a company's edit page links to its rows), one step type, one status.
 */
export const reportQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    ...listQuery(REPORT_SORTS),
    completed: string().oneOf(['visible', 'hidden'], 'validation.invalid'),
    health: string().oneOf(['first'], 'validation.invalid'),
    company: string().max(64, 'validation.invalid').matches(/^[A-Za-z0-9_-]*$/, 'validation.invalid'),
    step: string().oneOf([...STEP_TYPES], 'validation.invalid'),
    status: string().oneOf([...STEP_STATUSES], 'validation.invalid'),
  }).noUnknown(),
);

/** The sort orders of the UTM page's traffic table (spec: by sessions). */
export const TRAFFIC_SORTS = ['sessions'] as const;

/**
 * GET /api/traffic: a page of the company's UTM combinations by sessions (descending unless said),
 * searched over the three values, only the linked or unlinked ones if asked.
 */
export const trafficListQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    ...listQuery(TRAFFIC_SORTS),
    linked: string().oneOf(['linked', 'unlinked'], 'validation.invalid'),
  }).noUnknown(),
);

/**
 * GET /api/traffic-rules: a page of the company's UTM rules by creation (oldest first unless said),
 * searched over their values, of one source if asked.
 */
export const trafficRulesQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    ...listQuery(['created'] as const),
    source: string().max(64, 'validation.invalid').matches(/^[A-Za-z0-9-]*$/, 'validation.invalid'),
  }).noUnknown(),
);

/** The sort orders of a company's sources (spec: the table's columns, by name by default). */
export const SOURCE_SORTS = ['name', 'channel', 'agency', 'businessModel', 'deduplication', 'utmSource', 'utmMedium', 'utmCampaign'] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];

/**
 * GET /api/sources and GET /api/sources/cpo (only the CPO ones: the commission form's choices): a
 * page of the company's sources, searched over their texts.
 */
export const sourcesListQuerySchema = /* @__PURE__ */ schema(() => object(listQuery(SOURCE_SORTS)).noUnknown());

/** The sort orders of a company's affiliate commissions (by source name by default). */
export const COMMISSION_SORTS = ['sourceName', 'type', 'commission'] as const;
export type CommissionSort = (typeof COMMISSION_SORTS)[number];

/** GET /api/affiliate-commissions: a page of the company's commissions, searched over source name and type. */
export const commissionsListQuerySchema = /* @__PURE__ */ schema(() => object(listQuery(COMMISSION_SORTS)).noUnknown());

/** GET /api/outbox: the deliveries of one state (pending by due time, dead newest first), a page at a time. */
export const outboxListQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    state: string().oneOf(['pending', 'dead'], 'validation.invalid'),
    cursor: listQuery([]).cursor,
  }).noUnknown(),
);
