import type { Product } from './types';
import { csvRow, csvText, safeFileName } from './csv';

/**
 * Sources (integration-steps spec, "Sources", sections 5 and 9): the options of the form, the
 * business models an affiliate company may choose, and the CSV export. Pure: the form, the
 * server's checks and the unit tests use the same code.
 */

export const BUSINESS_MODELS = ['CPC', 'CPO', 'CPM', 'Free', 'Special'] as const;
export type BusinessModel = (typeof BUSINESS_MODELS)[number];

/** Stored as written (and exported as such in the CSV); the UI translates them. */
export const DEDUPLICATIONS = ['Last Click', 'Last Paid Click', 'Post Click'] as const;
export type Deduplication = (typeof DEDUPLICATIONS)[number];

/** Spec: affiliate companies only choose CPO (their default) and Special; everyone else all five, CPC by default. */
export const businessModelsFor = (product: Product): readonly BusinessModel[] => (product === 'affiliate' ? ['CPO', 'Special'] : BUSINESS_MODELS);
export const defaultBusinessModel = (product: Product): BusinessModel => (product === 'affiliate' ? 'CPO' : 'CPC');
export const DEFAULT_DEDUPLICATION: Deduplication = 'Last Paid Click';

/** Acquisition channels the form suggests (the field stays free text: a company may name its own). */
export const CHANNEL_SUGGESTIONS = [
  'Paid Search',
  'Paid Social',
  'Display',
  'Affiliate',
  'Email',
  'Retargeting',
  'Price Comparison',
  'Organic Search',
  'Referral',
  'Direct',
] as const;

/** Spec: a copy is named 'Copy of <name>'. */
export const COPY_PREFIX = 'Copy of ';

/**
 * Source names are unique in a company ignoring case and surrounding spaces ('Google Ads' and
 * ' google ads' would show twice, identically, in the UTM and commission pickers): the server's
 * name guard, the create form and the row edit all compare with this.
 */
export const sourceNameKey = (name: string): string => name.trim().toLowerCase();

/** The source (other than `exceptId`) that already has this name, if any. */
export const sourceNamed = <S extends { id: string; name: string }>(sources: readonly S[], name: string, exceptId?: string): S | undefined =>
  sourceNameKey(name) === '' ? undefined : sources.find((source) => source.id !== exceptId && sourceNameKey(source.name) === sourceNameKey(name));

/**
 * The name of a copy: 'Copy of <name>' (spec), cut to `max`; when a source has that name already,
 * 'Copy of <name> (2)', (3)... so copying twice does not make two sources of one name.
 */
export function copyName(name: string, taken: readonly { id: string; name: string }[], max: number): string {
  const base = `${COPY_PREFIX}${name}`;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${base.slice(0, max - suffix.length)}${suffix}`;
    if (!sourceNamed(taken, candidate)) return candidate;
  }
}

/** The source fields the form edits and the CSV exports (no id, no company). */
export interface SourceFields {
  name: string;
  channel: string;
  businessModel: BusinessModel;
  deduplication: Deduplication;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  agency: string;
}

/** Spec's CSV header, in this order; id and company are left out. */
const SOURCES_CSV_HEADER = 'source;acquisitionchannel;businessmodel;deduplication;utm_source;utm_medium;utm_campaign;agency';

const CSV_COLUMNS: ReadonlyArray<keyof SourceFields> = ['name', 'channel', 'businessModel', 'deduplication', 'utmSource', 'utmMedium', 'utmCampaign', 'agency'];

/**
 * The export's text: the header, one line per source (shared/domain/csv.ts: BOM, every value quoted
 * and formula-safe, semicolons, CRLF).
 */
export function sourcesCsv(sources: readonly SourceFields[]): string {
  return csvText([SOURCES_CSV_HEADER, ...sources.map((source) => csvRow(CSV_COLUMNS.map((column) => source[column] ?? '')))]);
}

/** Spec: '<company name> - Sources.csv' (characters no file system accepts become '_'). */
export const sourcesCsvFileName = (companyName: string): string => `${safeFileName(companyName)} - Sources.csv`;
