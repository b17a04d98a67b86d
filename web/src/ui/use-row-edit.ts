import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { KeyedMutator } from 'swr';
import { ValidationError, type Schema } from 'yup';
import { useT, type MessageId } from '../i18n/t';
import { ApiError } from '../lib/api/client';
import { errorMessageId, fieldMessageId } from '../lib/api/error-message';
import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import type { Notice } from './list-state';

/**
 * One in-place row edit of a list read with `useRoute` (docs/web.md "Editable tables"): the edited
 * row's draft, checked by the create form's shared/schemas yup schema before anything is sent; a
 * refusal keeps the draft and names the fields; a 409 version conflict re-reads the list and
 * offers the other administrator's values beside the draft (keep mine / take theirs).
 */

type Versioned = { id: string; version: number };

export interface RowEditOptions<Row extends Versioned, Draft extends object> {
  /** The list as `useRoute` returned it, and its `mutate` (the saved row replaces the old one). */
  data: readonly Row[] | undefined;
  mutate: KeyedMutator<Row[]>;
  /** The in-place edit; a table without one (delete only: commissions, UTM rules) leaves these four out. */
  toDraft?: (row: Row) => Draft;
  /** The create form's schema of shared/schemas: the same rules in place. */
  schema?: Schema<Draft>;
  /** True when the draft would change `row` (the Save button saves only then, else leaves edit). */
  changed?: (row: Row, draft: Draft) => boolean;
  /** PUT with `base.version` (through `mutateRoute`): the stored row. */
  save?: (base: Row, draft: Draft) => Promise<Row>;
  /** POST of a copy; the copy opens for editing (spec of sources, collectors, default collectors). */
  copy?: (row: Row) => Promise<Row>;
  /** DELETE with the row's version, asked first by the confirm dialog. */
  remove?: (row: Row) => Promise<unknown>;
  /** Errors known while typing (a name another row has): shown under their fields at once; Save waits. */
  check?: (row: Row, draft: Draft) => Partial<Record<string, MessageId>>;
  /** The row's name in notices. */
  name: (row: Row) => string;
  /** `{name}: {reason}` of a failed copy or delete, and `{name}` deleted (and saved, when the page says so). */
  notices: { failed: MessageId; deleted: MessageId; saved?: MessageId };
  /** The page's own words for a failed copy or delete (e.g. how many users still hold a company); null: the generic notice. */
  explain?: (failure: unknown, row: Row) => Notice;
}

export interface RowEditing<Row, Draft> {
  id: string;
  /** The stored row the draft was started from (its version is sent). */
  base: Row;
  draft: Draft;
  /** Field -> catalogue id of the schema's or the server's message. */
  errors: Partial<Record<string, MessageId>>;
  /** Why the last save failed, when no field says it. */
  failure: MessageId | null;
  /** The other administrator's row after a 409: shown beside the draft until a choice is made. */
  theirs: Row | null;
}

async function validate<Draft extends object>(schema: Schema<Draft>, draft: Draft, catalogue: Record<string, unknown>): Promise<Partial<Record<string, MessageId>>> {
  try {
    await schema.validate(draft, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Partial<Record<string, MessageId>> = {};
    for (const item of error.inner.length ? error.inner : [error]) {
      if (item.path && !errors[item.path]) errors[item.path] = fieldMessageId(item.message, catalogue);
    }
    return errors;
  }
}

export function useRowEdit<Row extends Versioned, Draft extends object>(options: RowEditOptions<Row, Draft>) {
  const { messages } = useIntl();
  const [editing, setEditing] = useState<RowEditing<Row, Draft> | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const t = useT();

  const { toDraft, schema, changed, save } = options;
  const open = (row: Row) => toDraft && setEditing({ id: row.id, base: row, draft: toDraft(row), errors: {}, failure: null, theirs: null });

  /** After a refusal the row keeps the draft; a conflict re-reads the list for the values saved elsewhere. */
  const refused = async (current: RowEditing<Row, Draft>, failure: unknown): Promise<RowEditing<Row, Draft>> => {
    const kept = { ...current, errors: {}, failure: null, theirs: null };
    if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length) {
      const errors = Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, id]) => [field, fieldMessageId(id, messages)]));
      return { ...kept, errors };
    }
    if (failure instanceof ApiError && failure.status === 409 && failure.code === 'conflict') {
      // The 409 carries no record: the list read again holds the version saved elsewhere (another user or tab).
      const fresh = (await options.mutate())?.find((row) => row.id === current.id);
      if (!fresh) return { ...kept, failure: 'error.not-found' };
      if (fresh.version !== current.base.version) return { ...kept, theirs: fresh };
    }
    return { ...kept, failure: errorMessageId(failure) };
  };

  const saveDraft = async (current: RowEditing<Row, Draft>) => {
    if (!changed || !schema || !save || !changed(current.base, current.draft)) return setEditing(null);
    const errors = await validate(schema, current.draft, messages);
    if (Object.keys(errors).length) return setEditing({ ...current, errors, failure: null });
    setBusyId(current.id);
    setNotice(null);
    try {
      const saved = await save(current.base, current.draft);
      await options.mutate((rows) => (rows ?? []).map((row) => (row.id === saved.id ? saved : row)), { revalidate: false });
      setEditing(null);
      if (options.notices.saved) setNotice({ tone: 'success', id: options.notices.saved, values: { name: options.name(saved) } });
    } catch (failure) {
      setEditing(await refused(current, failure));
    } finally {
      setBusyId(null);
    }
  };

  const act = async (row: Row, action: () => Promise<void>) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      await action();
    } catch (failure) {
      setNotice(options.explain?.(failure, row) ?? { tone: 'danger', id: options.notices.failed, values: { name: options.name(row), reason: t(errorMessageId(failure)) } });
      void options.mutate();
    } finally {
      setBusyId(null);
    }
  };

  const dirty = editing !== null && !!options.changed?.(editing.base, editing.draft);
  // A row being edited counts as unsaved work: leaving the page asks first.
  useUnsavedChanges(dirty);

  return {
    editing,
    busyId,
    notice,
    deleting,
    /** Some row holds edits not saved yet (the unsaved-changes warning already knows). */
    dirty,
    /** `check`'s errors of the edited row's draft. */
    live: (editing && options.check?.(editing.base, editing.draft)) || {},
    edit: open,
    change: (draft: Draft) => setEditing((now) => (now ? { ...now, draft } : now)),
    /**
     * One field changed and saved at once (an edit without a Save button, e.g. the agenda's): the
     * row shows the draft while it is sent, and keeps it after a refusal as a row edit does.
     */
    // Only tables that edit give `commit` a use, and they give `toDraft`.
    commit: (row: Row, patch: Partial<Draft>) => {
      const kept = editing?.id === row.id ? editing : null;
      const current = { id: row.id, base: kept?.base ?? row, draft: { ...(kept?.draft ?? options.toDraft!(row)), ...patch }, errors: {}, failure: null, theirs: null };
      setEditing(current);
      return saveDraft(current);
    },
    cancel: () => setEditing(null),
    save: () => editing && saveDraft(editing),
    /** Conflict: my draft again, on the other administrator's version. */
    keepMine: () => editing?.theirs && saveDraft({ ...editing, base: editing.theirs, theirs: null }),
    /** Conflict: drop my draft; the row shows the other administrator's values (already read). */
    takeTheirs: () => setEditing(null),
    copy: options.copy
      ? (row: Row) =>
          act(row, async () => {
            const created = await options.copy!(row);
            await options.mutate((rows) => [...(rows ?? []), created], { revalidate: false });
            open(created);
          })
      : undefined,
    askDelete: options.remove ? (row: Row) => setDeleting(row) : undefined,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () =>
      deleting &&
      act(deleting, async () => {
        await options.remove!(deleting);
        await options.mutate((rows) => (rows ?? []).filter((row) => row.id !== deleting.id), { revalidate: false });
        if (editing?.id === deleting.id) setEditing(null);
        setNotice({ tone: 'success', id: options.notices.deleted, values: { name: options.name(deleting) } });
      }).finally(() => setDeleting(null)),
  };
}

export type RowEdit<Row extends Versioned, Draft extends object> = ReturnType<typeof useRowEdit<Row, Draft>>;
