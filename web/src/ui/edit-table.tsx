import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { T, useT, type MessageId } from '../i18n/t';
import './edit-table.css';
import { Button } from './button';
import { ConfirmDialog } from './dialog';
import { NoticeCallout } from './list-state';
import { EmptyRow, SortHeader, type Sort } from './table-tools';
import type { RowEdit, RowEditing } from './use-row-edit';

/**
 * The one editable table of the portal (docs/web.md "Editable tables"): columns as data, sortable
 * headers, one row edited in place with `useRowEdit` (field messages under the inputs, the other
 * administrator's values beside one's own after a conflict), copy and delete with the confirm dialog.
 */

export interface EditorProps<Draft> {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  /** "Field of row": the input's accessible name. */
  label: string;
  invalid: boolean;
  describedBy: string | undefined;
  /** Every field's message and its element id, for an editor of more than one field (`otherFields`). */
  errors?: Partial<Record<string, MessageId>>;
  errorId?: (field: string) => string;
}

export interface Column<Row, Draft, K extends string = string> {
  key: string;
  label: MessageId;
  /** The field's name when it differs from the header's (inputs' names, refusal messages). */
  fieldLabel?: MessageId;
  /** A sort key: the header sorts the list. */
  sort?: K;
  cell: (row: Row) => ReactNode;
  /** The draft field this column edits (its errors show under the input). */
  field?: keyof Draft & string;
  editor?: (props: EditorProps<Draft>) => ReactNode;
  className?: string;
  /** Further draft fields this column's editor edits (its own messages): named in the refusal line. */
  otherFields?: ReadonlyArray<readonly [keyof Draft & string, MessageId]>;
  /** The cell names its row (`<th scope="row">`, e.g. a source's name). */
  rowHeader?: boolean;
}

/** The page's own wording of the actions (visible text and "Edit {name}" accessible names). */
export interface ActionLabels {
  /** Without these three: no in-place edit (a delete-only table). */
  edit?: [MessageId, MessageId];
  save?: [MessageId, MessageId];
  cancel?: [MessageId, MessageId];
  copy?: [MessageId, MessageId];
  delete?: [MessageId, MessageId];
  actions: MessageId;
  deleteConfirm: MessageId;
  deleteDescription?: MessageId;
}

type PairedAction = 'edit' | 'save' | 'cancel' | 'copy' | 'delete';
type ActionSuffix = PairedAction | `${PairedAction}Label` | 'actions' | 'deleteConfirm' | 'deleteDescription';
/** A catalogue area that has every one of the usual action wordings (`<area>.edit`, `<area>.editLabel`...). */
type LabelledArea = { [K in MessageId]: K extends `${infer Area}.cancelLabel` ? (`${Area}.${ActionSuffix}` extends MessageId ? Area : never) : never }[MessageId];

/** The usual wording of an area: `<area>.edit`/`.editLabel`, save, cancel, copy, delete, `.actions`, `.deleteConfirm`, `.deleteDescription`. */
export function areaActionLabels(area: LabelledArea): ActionLabels {
  const id = (suffix: ActionSuffix): MessageId => `${area}.${suffix}` satisfies MessageId;
  const pair = (action: PairedAction): [MessageId, MessageId] => [id(action), id(`${action}Label`)];
  return {
    edit: pair('edit'),
    save: pair('save'),
    cancel: pair('cancel'),
    copy: pair('copy'),
    delete: pair('delete'),
    actions: id('actions'),
    deleteConfirm: id('deleteConfirm'),
    deleteDescription: id('deleteDescription'),
  };
}

interface Props<Row extends { id: string; version: number }, Draft extends object, K extends string> {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row, Draft, K>>;
  edit: RowEdit<Row, Draft>;
  /** False: read-only rows, no actions column. */
  editable: boolean;
  name: (row: Row) => string;
  /** The draft applied to a row: how my values read beside theirs after a conflict. */
  preview: (row: Row, draft: Draft) => Row;
  labels: ActionLabels;
  caption: MessageId;
  sort: Sort<K>;
  onSort: (key: K) => void;
  testId: string;
  className?: string;
  /** False for the draft: Save waits (e.g. a name another row has, said by the column's editor). */
  saveDisabled?: (row: Row, draft: Draft) => boolean;
  /** False: no Delete for this row (a protected or default record). */
  canDelete?: (row: Row) => boolean;
  /** Rows edited on a page of their own: Edit is a link there instead of an edit in place. */
  editHref?: (row: Row) => string;
  /** The one row said when `rows` is empty (e.g. "No results found for ..."). */
  empty?: ReactNode;
  /** The caption for screen readers only (the page's heading already says it). */
  hiddenCaption?: boolean;
}

export function EditTable<Row extends { id: string; version: number }, Draft extends object, K extends string>(props: Props<Row, Draft, K>) {
  const { rows, columns, edit, editable, labels, caption, sort, onSort, className, empty, hiddenCaption } = props;
  const width = columns.length + (editable ? 1 : 0);
  return (
    <>
      <NoticeCallout notice={edit.notice} />
      <div className="edit-table-wrap">
        {/* Explicit roles: on a phone the rows are laid out as blocks (edit-table.css), which drops a table's semantics in some browsers. */}
        <table className={`edit-table ${className ?? ''}`} role="table">
          <caption className={hiddenCaption ? 'visually-hidden' : undefined}>
            <T id={caption} />
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) =>
                column.sort ? (
                  <SortHeader key={column.key} column={column.sort} label={column.label} sort={sort} onSort={onSort} />
                ) : (
                  <th key={column.key} scope="col" role="columnheader" className="edit-table-plain-head">
                    <T id={column.label} />
                  </th>
                ),
              )}
              {editable && (
                <th scope="col" role="columnheader" className="edit-table-plain-head">
                  <T id={labels.actions} />
                </th>
              )}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.length === 0 && empty && <EmptyRow colSpan={width}>{empty}</EmptyRow>}
            {rows.map((row) => (
              <EditRow key={row.id} {...props} row={row} width={width} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={edit.deleting !== null}
        message={<T id={labels.deleteConfirm} values={{ name: edit.deleting ? props.name(edit.deleting) : '' }} />}
        description={labels.deleteDescription && <T id={labels.deleteDescription} />}
        // The page's own word for the action (Revoke, Delete...) on the button that does it.
        confirmLabel={labels.delete && <T id={labels.delete[0]} />}
        busy={edit.deleting !== null && edit.busyId === edit.deleting.id}
        onConfirm={() => void edit.confirmDelete()}
        onCancel={edit.cancelDelete}
      />
    </>
  );
}

function EditRow<Row extends { id: string; version: number }, Draft extends object, K extends string>({
  row,
  width,
  columns,
  edit,
  editable,
  name,
  preview,
  labels,
  testId,
  saveDisabled,
  canDelete,
  editHref,
}: Props<Row, Draft, K> & { row: Row; width: number }) {
  const t = useT();
  const editing = edit.editing?.id === row.id ? edit.editing : null;
  const busy = edit.busyId === row.id;
  // One row at a time: the others' actions wait while a row is edited or saved.
  const locked = (edit.editing !== null && !editing) || (edit.busyId !== null && !busy);
  const aria = ([, id]: [MessageId, MessageId]) => t(id, { name: name(row) });
  const errorId = (field: string) => `${testId}-${row.id}-${field}-error`;
  return (
    <>
      <tr className={editing ? 'edit-table-editing' : undefined} data-testid={`${testId}-${row.id}`} role="row">
        {columns.map((column) => {
          const error = editing && column.field ? (editing.errors[column.field] ?? edit.live[column.field]) : undefined;
          const Cell = column.rowHeader ? 'th' : 'td';
          return (
            // data-label: a phone shows each value under its column's name (edit-table.css).
            <Cell key={column.key} className={column.className} scope={column.rowHeader ? 'row' : undefined} role={column.rowHeader ? 'rowheader' : 'cell'} data-label={column.rowHeader ? undefined : t(column.label)}>
              {editing && column.editor ? (
                <>
                  {column.editor({
                    draft: editing.draft,
                    set: (patch) => edit.change({ ...editing.draft, ...patch }),
                    label: t('table.fieldOf', { field: t(column.fieldLabel ?? column.label), name: name(row) }),
                    invalid: error !== undefined,
                    describedBy: error ? errorId(column.field!) : undefined,
                    errors: { ...edit.live, ...editing.errors },
                    errorId,
                  })}
                  {/* Space kept for a message: nothing moves under the pointer when one appears. */}
                  <p className="field-error edit-table-error" id={column.field ? errorId(column.field) : undefined} role={error ? 'alert' : undefined}>
                    {error && <T id={error} />}
                  </p>
                </>
              ) : (
                column.cell(row)
              )}
            </Cell>
          );
        })}
        {editable && (
          <td role="cell" className="edit-table-actions-cell">
            <div className="edit-table-actions">
              {editing && labels.save && labels.cancel ? (
                <>
                  <Button variant="primary" onClick={() => void edit.save()} loading={busy} disabled={editing.theirs !== null || saveDisabled?.(row, editing.draft) || Object.keys(edit.live).length > 0} aria-label={aria(labels.save)}>
                    <T id={labels.save[0]} />
                  </Button>
                  <Button variant="ghost" onClick={edit.cancel} disabled={busy} aria-label={aria(labels.cancel)}>
                    <T id={labels.cancel[0]} />
                  </Button>
                </>
              ) : (
                <>
                  {labels.edit &&
                    (editHref ? (
                      <Link className="btn btn-secondary" to={editHref(row)} aria-label={aria(labels.edit)}>
                        <T id={labels.edit[0]} />
                      </Link>
                    ) : (
                      <Button variant="secondary" onClick={() => edit.edit(row)} disabled={busy || locked} aria-label={aria(labels.edit)}>
                        <T id={labels.edit[0]} />
                      </Button>
                    ))}
                  {edit.copy && labels.copy && (
                    <Button variant="secondary" onClick={() => void edit.copy!(row)} disabled={busy || locked} aria-label={aria(labels.copy)}>
                      <T id={labels.copy[0]} />
                    </Button>
                  )}
                  {edit.askDelete && labels.delete && (canDelete?.(row) ?? true) && (
                    <Button variant="danger" onClick={() => edit.askDelete!(row)} disabled={busy || locked} aria-label={aria(labels.delete)}>
                      <T id={labels.delete[0]} />
                    </Button>
                  )}
                </>
              )}
            </div>
          </td>
        )}
      </tr>
      {editing && (editing.failure || Object.keys(editing.errors).length > 0) && (
        <tr className="edit-table-note" role="row">
          <td colSpan={width} role="alert" className="edit-table-refused">
            <RowRefusal editing={editing} fields={columns} />
          </td>
        </tr>
      )}
      {editing?.theirs && <Conflict columns={columns} theirs={editing.theirs} mine={preview(editing.theirs, editing.draft)} width={width} edit={edit} />}
    </>
  );
}

/** Why the edited row was not saved: the failure in words, or the fields to check (by their names). */
export function RowRefusal<Row, Draft>({ editing, fields }: { editing: RowEditing<Row, Draft>; fields: ReadonlyArray<Pick<Column<Row, Draft>, 'field' | 'label' | 'fieldLabel' | 'otherFields'>> }) {
  const t = useT();
  return editing.failure ? (
    <T id="table.notSaved" values={{ reason: t(editing.failure) }} />
  ) : (
    <T
      id="table.checkFields"
      values={{
        fields: fields
          .flatMap((column) => [[column.field, column.fieldLabel ?? column.label] as const, ...(column.otherFields ?? [])])
          .filter(([field]) => field && editing.errors[field])
          .map(([, label]) => t(label))
          .join(', '),
      }}
    />
  );
}

/** 409: the other administrator's saved values beside mine, and the choice (never "reload"). */
function Conflict<Row extends { id: string; version: number }, Draft extends object, K extends string>({
  columns,
  theirs,
  mine,
  width,
  edit,
}: {
  columns: ReadonlyArray<Column<Row, Draft, K>>;
  theirs: Row;
  mine: Row;
  width: number;
  edit: RowEdit<Row, Draft>;
}) {
  return (
    <tr className="edit-table-note" role="row">
      <td colSpan={width} role="cell">
        <ConflictChoice fields={columns.filter((column) => column.editor)} theirs={theirs} mine={mine} edit={edit} />
      </td>
    </tr>
  );
}

/** The conflict's comparison and choice, also for a list drawn otherwise (the agenda's timeline). */
export function ConflictChoice<Row extends { id: string; version: number }, Draft extends object>({
  fields,
  theirs,
  mine,
  edit,
}: {
  fields: ReadonlyArray<Pick<Column<Row, Draft>, 'key' | 'label' | 'cell'>>;
  theirs: Row;
  mine: Row;
  edit: RowEdit<Row, Draft>;
}) {
  return (
    <div className="edit-table-conflict" role="alert" data-testid="row-conflict">
      <p>
        <T id="table.conflict.text" />
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">
              <T id="table.conflict.theirs" />
            </th>
            <th scope="col">
              <T id="table.conflict.mine" />
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((column) => (
            <tr key={column.key}>
              <th scope="row">
                <T id={column.label} />
              </th>
              <td>{column.cell(theirs)}</td>
              <td>{column.cell(mine)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="edit-table-actions edit-table-choice">
        <Button variant="primary" onClick={() => void edit.keepMine()} loading={edit.busyId === theirs.id}>
          <T id="table.conflict.keepMine" />
        </Button>
        <Button variant="secondary" onClick={edit.takeTheirs} disabled={edit.busyId === theirs.id}>
          <T id="table.conflict.takeTheirs" />
        </Button>
      </div>
    </div>
  );
}
