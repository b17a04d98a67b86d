import type { DefaultCollector } from 'shared/domain/types';
import { formatCollectorComment, parseCollectorComment, type DefaultCollectorForm } from 'shared/schemas/default-collectors';
import type { DefaultCollectorSort } from 'shared/schemas/lists';
import type { Sort as TableSort } from '../../ui/table-tools';

/** Pure helpers of the Default collectors page: its default order, row drafts, ids. */

export type SortKey = DefaultCollectorSort;
export type Sort = TableSort<SortKey>;

/** Spec: default order by type descending (the server keeps the names ascending in each type). */
export const DEFAULT_SORT: Sort = { key: 'type', dir: 'desc' };

export const toForm = (row: Pick<DefaultCollector, 'name' | 'accessEmail' | 'type' | 'comment'>): DefaultCollectorForm => {
  const comment = parseCollectorComment(row.comment);
  return { name: row.name, accessEmail: row.accessEmail, type: row.type, commentEn: comment.en, commentRu: comment.ru, commentFr: comment.fr };
};

export const fromForm = (form: DefaultCollectorForm) => ({
  name: form.name.trim(),
  accessEmail: (form.accessEmail ?? '').trim(),
  type: form.type,
  comment: formatCollectorComment({ en: form.commentEn, ru: form.commentRu, fr: form.commentFr }),
});

export const EMPTY_FORM: DefaultCollectorForm = { name: '', accessEmail: '', type: 'Other', commentEn: '', commentRu: '', commentFr: '' };

/** True when the draft would change the stored row (the same button saves only then). */
export function changed(row: DefaultCollector, draft: DefaultCollectorForm): boolean {
  const next = fromForm(draft);
  return next.name !== row.name || next.accessEmail !== row.accessEmail || next.type !== row.type || next.comment !== formatCollectorComment(parseCollectorComment(row.comment));
}

/** A v4 UUID (the spec's client-made id); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
