import { downloadCsv } from '../../lib/csv-download';
import { copyName, DEFAULT_DEDUPLICATION, defaultBusinessModel, sourcesCsv, sourcesCsvFileName, type Deduplication } from 'shared/domain/sources';
import type { Product, Source } from 'shared/domain/types';
import { SOURCE_NAME_MAX_LENGTH, type SourceForm } from 'shared/schemas/sources';
import type { MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import type { Sort as TableSort } from '../../ui/table-tools';
import type { SourceSort } from 'shared/schemas/lists';

/** Pure helpers of the Sources page: drafts, copies, ids and the CSV download. */

/** Spec: sorted by name by default (the server sorts: GET /api/sources). */
export const DEFAULT_SORT: TableSort<SourceSort> = { key: 'name', dir: 'asc' };

/** The deduplication values are stored in English (the CSV exports them so); the UI shows them translated. */
export const DEDUPLICATION_LABELS: Record<Deduplication, MessageId> = {
  'Last Click': 'sources.dedup.lastClick',
  'Last Paid Click': 'sources.dedup.lastPaidClick',
  'Post Click': 'sources.dedup.postClick',
};
export const businessModelLabel = (model: Source['businessModel']): MessageId => `sources.model.${model}`;

/** The create form's defaults (spec: CPC and Last Paid Click; CPO for an affiliate company). */
export const emptyForm = (product: Product): SourceForm => ({
  name: '',
  channel: '',
  businessModel: defaultBusinessModel(product),
  deduplication: DEFAULT_DEDUPLICATION,
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  agency: '',
});

export const toForm = ({ name, channel, businessModel, deduplication, utmSource, utmMedium, utmCampaign, agency }: Source): SourceForm => ({
  name,
  channel,
  businessModel,
  deduplication,
  utmSource,
  utmMedium,
  utmCampaign,
  agency,
});

/** The request fields of a draft, trimmed as the server stores them. */
export const fromForm = (form: SourceForm): SourceForm => ({
  name: form.name.trim(),
  channel: form.channel.trim(),
  businessModel: form.businessModel,
  deduplication: form.deduplication,
  utmSource: (form.utmSource ?? '').trim(),
  utmMedium: (form.utmMedium ?? '').trim(),
  utmCampaign: (form.utmCampaign ?? '').trim(),
  agency: (form.agency ?? '').trim(),
});

/** Why a create, copy or edit failed: a taken name says so (not the generic 'someone else changed it' of a 409). */
export const failureMessageId = (failure: unknown, catalogue: Readonly<Record<string, unknown>>): MessageId =>
  failure instanceof ApiError && failure.fieldErrors.name ? fieldMessageId(failure.fieldErrors.name, catalogue) : errorMessageId(failure);

/** Spec: the row is saved only when its content changed. */
export function changed(row: Source, draft: SourceForm): boolean {
  const next = fromForm(draft);
  const before = toForm(row);
  return (Object.keys(next) as Array<keyof SourceForm>).some((key) => next[key] !== before[key]);
}

/** Create is enabled once name, channel, business model and deduplication are set (spec, section 5). */
export const canCreate = (form: SourceForm): boolean => !!(form.name.trim() && form.channel.trim() && form.businessModel && form.deduplication);

/** Spec: a copy is 'Copy of <name>' (cut to the name limit), with a new id; ' (2)'... when that name is taken. */
export const copyOf = (row: Source, sources: readonly Source[]): SourceForm & { id: string } => ({
  ...toForm(row),
  id: newId(),
  name: copyName(row.name, sources, SOURCE_NAME_MAX_LENGTH),
});

/** A v4 UUID (the spec's client-made id); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Saves the CSV export (shared/domain/sources.ts builds the bytes) as '<company name> - Sources.csv'. */
export function downloadSourcesCsv(rows: readonly Source[], companyName: string): void {
  downloadCsv(sourcesCsv(rows), sourcesCsvFileName(companyName));
}
