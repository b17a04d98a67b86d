import type { Collector, DefaultCollector } from 'shared/domain/types';
import type { CollectorSort } from 'shared/schemas/lists';
import { parseCollectorComment } from 'shared/schemas/default-collectors';
import type { Sort as TableSort } from '../../ui/table-tools';

/** Pure helpers of the collector page: its default order, row drafts, suggestions. */

/** Spec: collectors sorted by source by default (the server sorts: GET /api/collectors). */
export const DEFAULT_COLLECTOR_SORT: TableSort<CollectorSort> = { key: 'source', dir: 'asc' };

/** What the inline edit changes (the statuses have their own selects, saved at once). */
export interface CollectorDraft {
  source: string;
  accessEmail: string;
  comment: string;
  commentStatus: string;
}

export const toDraft = (row: Collector): CollectorDraft => ({ source: row.source, accessEmail: row.accessEmail, comment: row.comment, commentStatus: row.commentStatus });

const clean = (draft: CollectorDraft): CollectorDraft => ({
  source: draft.source.trim(),
  accessEmail: draft.accessEmail.trim(),
  comment: draft.comment.trim(),
  commentStatus: draft.commentStatus.trim(),
});

/** The PUT body: the whole row as read (its version) with the changes on top. */
export const updateBody = (row: Collector, changes: Partial<CollectorDraft & Pick<Collector, 'configStatus' | 'collectStatus'>>) => ({
  version: row.version,
  ...clean({ ...toDraft(row), ...changes }),
  configStatus: changes.configStatus ?? row.configStatus,
  collectStatus: changes.collectStatus ?? row.collectStatus,
});

/** True when saving the draft would change the stored row (Save sends nothing otherwise). */
export function draftChanged(row: Collector, draft: CollectorDraft): boolean {
  const next = clean(draft);
  return next.source !== row.source || next.accessEmail !== row.accessEmail || next.comment !== row.comment || next.commentStatus !== row.commentStatus;
}

/** A suggestion's values for the form: name, access e-mail, and the comment in the user's language (English when that one is empty). */
export function fromSuggestion(suggestion: DefaultCollector, locale: string): { source: string; accessEmail: string; comment: string } {
  const comments = parseCollectorComment(suggestion.comment);
  const lang = locale.slice(0, 2) as keyof typeof comments;
  return { source: suggestion.name, accessEmail: suggestion.accessEmail, comment: (comments[lang] || comments.en || '').trim() };
}
