import type { AnalyticsOrders } from '../../../shared/feed/types';
import type { NonStandardExample, ResolvedDimension } from '../../../shared/domain/analytics';

/**
 * The types of the analytics provider (provider.ts picks the implementation).
 *
 * Failures are thrown as `AnalyticsProviderError`, never as the client library's own errors, so
 * the use cases turn them into the answer's code without knowing the library.
 */

/** A custom dimension of the property, in the Admin API's list order. */
export type CustomDimension = Omit<ResolvedDimension, 'index'>;

/** Counts behind one coverage figure (the percentage is computed by shared/domain/analytics `coverage`). */
export interface Counts {
  /** Items (sessions, transactions, events) whose dimension value is set: neither '(not set)' nor empty. */
  withDimension: number;
  total: number;
}

interface DimensionCounts {
  sessions: Counts;
  transactions: Counts;
}

export interface EventCounts {
  sessions: Counts;
  /** Events named `eventName` (the spec's event action). */
  events: Counts & {
    /** Distinct set values of the dimension over those events. */
    unique: number;
    /** Most frequent set values first (at most `limit`). */
    items: { label: string; count: number }[];
  };
}

export interface NonStandardValues {
  /** First values (most sessions first, at most `limit`) that do not match the standard format. */
  items: NonStandardExample[];
  /** How many distinct set values do not match it. */
  total: number;
}

export interface UtmTrafficRow {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  sessions: number;
}

interface PropertyAccess {
  id: string;
  /** The property's display name ('' when the tool gives none). */
  name: string;
  /** Sessions over the last ANALYTICS_DAYS days. */
  sessions: number;
}

export interface AnalyticsProvider {
  /** Reads the property: throws `denied` when the service account may not, or the property does not exist. */
  checkAccess(propertyId: string): Promise<PropertyAccess>;
  /** Every custom dimension of the property (all pages), in list order. */
  customDimensions(propertyId: string): Promise<CustomDimension[]>;
  /** Method dimension: sessions and transactions with the dimension set, over all of them (last ANALYTICS_DAYS days). */
  dimensionCounts(propertyId: string, dimension: CustomDimension): Promise<DimensionCounts>;
  /** Method events: sessions as above; events named `eventName`, with the dimension set, unique values and example labels. */
  eventCounts(propertyId: string, dimension: CustomDimension, eventName: string, limit: number): Promise<EventCounts>;
  /** Set values not matching `standard` (a whole-value pattern), with their sessions. */
  nonStandardValues(propertyId: string, dimension: CustomDimension, standard: RegExp, limit: number): Promise<NonStandardValues>;
  /** Sessions per session source / medium / campaign over the last ANALYTICS_DAYS days, most sessions first. */
  utmTraffic(propertyId: string): Promise<UtmTrafficRow[]>;
  /** Sessions on `day` (YYYY-MM-DD), for the data-health volume kind. */
  sessionsOn(propertyId: string, day: string): Promise<number>;
  /** The transaction ids the tool recorded on `day` (YYYY-MM-DD), for the order-feed comparison. */
  analyticsOrders(propertyId: string, day: string): Promise<AnalyticsOrders>;
}

/**
 * denied: no permission on the property, or no such property (GA4 answers both alike);
 * failed: anything else (quota, timeout, Google down, a malformed answer).
 */
export type AnalyticsFailure = 'denied' | 'failed';

export class AnalyticsProviderError extends Error {
  constructor(
    readonly failure: AnalyticsFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AnalyticsProviderError';
  }
}

/** A whole-value pattern's source without its anchors: a leading `^`, a trailing unescaped `$` (both providers match whole values). */
export const withoutAnchors = (source: string): string => source.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');

/** GA4 property ids are digits; anything else never reaches a provider (schemas), this guards other callers. */
export function assertPropertyId(propertyId: string): void {
  if (!/^\d{1,20}$/.test(propertyId)) throw new AnalyticsProviderError('denied', `Invalid property id ${JSON.stringify(propertyId)}`);
}
