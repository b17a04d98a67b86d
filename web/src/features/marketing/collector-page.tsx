import { useState } from 'react';
import { COLLECTOR_STATUSES, type Collector, type CollectorStatus } from 'shared/domain/types';
import { COPY_PREFIX } from 'shared/domain/sources';
import { COLLECTOR_NOTE_MAX_LENGTH, COLLECTOR_SOURCE_MAX_LENGTH, collectorCreateSchema } from 'shared/schemas/collectors';
import { collectorsCreate, collectorsDelete, collectorsList, collectorsUpdate } from 'shared/routes';
import { COLLECTOR_SORTS, type CollectorSort } from 'shared/schemas/lists';
import { T, useT, type MessageId } from '../../i18n/t';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute, pageRows, saveRowOptimistically, useRoute } from '../../lib/api/use-route';
import { ListState, NoticeCallout, type Notice } from '../../ui/list-state';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { areaActionLabels, EditTable, type Column, type EditorProps } from '../../ui/edit-table';
import { Pager, SearchBox, useListUrl } from '../../ui/table-tools';
import { PageHeading } from '../../ui/page-heading';
import { DescriptionCard } from '../../ui/step-cards';
import { useRowEdit } from '../../ui/use-row-edit';
import { CollectorCreateForm } from './collector-form';
import { DEFAULT_COLLECTOR_SORT, draftChanged, toDraft, updateBody, type CollectorDraft } from './collector-model';
import { CollectorPlatformList } from './collector-platforms';
import { CollectorHelpCard, CollectorStatusCard } from './collector-side';
import './collector-page.css';

type TextKey = keyof CollectorDraft;
type Field = EditorProps<CollectorDraft> & { field: TextKey };

/** One draft field's input (a textarea for the notes) and, for a second field of a cell, its message. */
function DraftInput({ draft, set, label, invalid, describedBy, field }: Field) {
  const common = {
    className: 'input',
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    value: draft[field],
  };
  return field === 'comment' || field === 'commentStatus' ? (
    <textarea {...common} rows={2} maxLength={COLLECTOR_NOTE_MAX_LENGTH} onChange={(e) => set({ [field]: e.target.value })} />
  ) : (
    <input {...common} type={field === 'accessEmail' ? 'email' : 'text'} required maxLength={field === 'source' ? COLLECTOR_SOURCE_MAX_LENGTH : 254} onChange={(e) => set({ [field]: e.target.value })} />
  );
}

/** The table's fixed parts (the columns need the page's state: the status selects save at once). */
const TABLE = {
  name: (row: Collector) => row.source,
  preview: (row: Collector, draft: CollectorDraft): Collector => ({ ...row, ...updateBody(row, draft), version: row.version }),
  labels: areaActionLabels('collector'),
  caption: 'collector.caption',
  testId: 'collector-row',
  className: 'collector-table',
} as const;

/**
 * /marketing/collector: the company's data collectors (integration-steps spec, "Collector").
 * Create (with the administrators' suggestions), a table the server pages, sorts (by source unless
 * asked) and searches, the URL keeping page, sort and search, whose statuses save at once (a failed one rolls back and says why), inline edit of one row (the shared EditTable: a
 * refusal keeps the draft and names the field), copy (opens in edit mode), delete after confirmation.
 */
export function CollectorPage() {
  const t = useT();
  // A page of the company's collectors in the order and search of the URL (a big advertiser has hundreds).
  const list = useListUrl<CollectorSort>(DEFAULT_COLLECTOR_SORT, COLLECTOR_SORTS);
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, cursor: list.cursor ?? undefined };
  const { data: page, error, mutate: mutatePage } = useRoute(collectorsList, undefined, { query, keepPreviousData: true });
  const data = page?.collectors;
  const mutate = pageRows(mutatePage, 'collectors');
  const [statusBusy, setStatusBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // A new collector takes its place in the server's order (and the counts change): the page is read again.
  const added = () => void mutatePage();
  const edit = useRowEdit<Collector, CollectorDraft>({
    data,
    mutate,
    toDraft,
    // The create request's rules (statuses default: the draft does not hold them).
    schema: collectorCreateSchema,
    // Save sends nothing when nothing changed.
    changed: draftChanged,
    save: (base, draft) => mutateRoute(collectorsUpdate, { params: { id: base.id }, body: updateBody(base, draft) }),
    // Spec: the copy carries the comment status; it opens in edit mode (statuses start at No). The
    // spec's fixed prefix 'Copy of ', as for sources: stored data, not a text of the screen's language.
    copy: (row) =>
      mutateRoute(collectorsCreate, {
        body: {
          source: `${COPY_PREFIX}${row.source}`.slice(0, COLLECTOR_SOURCE_MAX_LENGTH),
          accessEmail: row.accessEmail,
          comment: row.comment,
          commentStatus: row.commentStatus,
          configStatus: 'No',
          collectStatus: 'No',
        },
      }),
    remove: (row) => mutateRoute(collectorsDelete, { params: { id: row.id }, body: { version: row.version } }),
    name: TABLE.name,
    notices: { failed: 'collector.actionFailed', deleted: 'collector.deleted' },
  });

  /** A status saves at once (spec: freely changeable); on failure the row goes back as it was and the notice says why. */
  const changeStatus = async (row: Collector, field: 'configStatus' | 'collectStatus', status: CollectorStatus) => {
    const body = updateBody(row, { [field]: status });
    setStatusBusy(row.id);
    setNotice(null);
    const outcome = await saveRowOptimistically(mutate, data, { ...row, ...body, version: row.version }, () => mutateRoute(collectorsUpdate, { params: { id: row.id }, body }));
    setStatusBusy(null);
    if (!outcome.ok) setNotice({ tone: 'danger', id: 'collector.updateFailed', values: { source: row.source, reason: t(errorMessageId(outcome.failure)) } });
  };

  const statusColumn = (field: 'configStatus' | 'collectStatus', label: MessageId): Column<Collector, CollectorDraft, CollectorSort> => ({
    key: field,
    label,
    sort: field,
    cell: (row) => (
      <select
        className={`input collector-status collector-status-${row[field]}`}
        aria-label={t('collector.fieldOf', { field: t(label), source: row.source })}
        value={row[field]}
        // The edited row's statuses wait for its Save or Cancel (its version is the one the edit read).
        disabled={statusBusy === row.id || edit.busyId === row.id || edit.editing?.id === row.id}
        onChange={(e) => void changeStatus(row, field, e.target.value as CollectorStatus)}
      >
        {COLLECTOR_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`collector.status.${s}`)}
          </option>
        ))}
      </select>
    ),
  });

  const columns: ReadonlyArray<Column<Collector, CollectorDraft, CollectorSort>> = [
    {
      key: 'source',
      label: 'collector.source',
      sort: 'source',
      field: 'source',
      // The comment is edited (and shown) under the source it explains.
      otherFields: [['comment', 'collector.comment']],
      cell: (row) => (
        <>
          <span className="collector-source">{row.source}</span>
          {row.comment && <span className="collector-comment muted">{row.comment}</span>}
        </>
      ),
      editor: (props) => {
        const error = props.errors?.comment;
        const id = props.errorId?.('comment');
        return (
          <>
            <DraftInput {...props} field="source" />
            <DraftInput
              {...props}
              field="comment"
              label={t('table.fieldOf', { field: t('collector.comment'), name: edit.editing?.base.source ?? '' })}
              invalid={!!error}
              describedBy={error ? id : undefined}
            />
            {error && (
              <p className="field-error" id={id} role="alert">
                <T id={error} />
              </p>
            )}
          </>
        );
      },
    },
    { key: 'accessEmail', label: 'collector.accessEmail', sort: 'accessEmail', field: 'accessEmail', cell: (row) => row.accessEmail, editor: (props) => <DraftInput {...props} field="accessEmail" /> },
    statusColumn('configStatus', 'collector.configStatus'),
    statusColumn('collectStatus', 'collector.collectStatus'),
    {
      key: 'commentStatus',
      label: 'collector.commentStatus',
      field: 'commentStatus',
      className: 'collector-note',
      cell: (row) => row.commentStatus,
      editor: (props) => <DraftInput {...props} field="commentStatus" />,
    },
  ];

  return (
    <div className="page collector-page">
      <PageHeading>
        <p className="lead">
          <T id="collector.lead" />
        </p>
      </PageHeading>
      <div className="collector-layout">
        <div className="collector-main">
          <DescriptionCard title={<T id="collector.description.title" />}>
            <p>
              <T id="collector.description.text" />
            </p>
            <ul className="collector-legend">
              <li>
                <T id="collector.description.config" />
              </li>
              <li>
                <T id="collector.description.collect" />
              </li>
            </ul>
            <CollectorPlatformList />
          </DescriptionCard>
          <Card>
            <CollectorCreateForm onCreated={added} />
          </Card>
        </div>
        <aside className="collector-side">
          <CollectorStatusCard counts={page?.counts} />
          <CollectorHelpCard onCreated={added} />
        </aside>
      </div>
      {/* Full width: six columns need the room. */}
      <Card className="collector-list">
        <NoticeCallout notice={notice} />
        {/* The table shows the edit's notices; a page the last delete emptied has none, so "deleted" shows here. */}
        {data?.length === 0 && <NoticeCallout notice={edit.notice} />}
        {/* The page's own title for a load error (spec: "Placeholders for loading, error and to be done"). */}
        {error && (
          <Callout tone="danger" title={<T id="collector.loadFailed" />}>
            {error.message}
          </Callout>
        )}
        <SearchBox value={list.text} onChange={list.setText} label="collector.search" />
        <ListState data={error ? [] : data} error={undefined} empty={error ? undefined : list.search ? 'collector.noMatch' : 'collector.empty'}>
          <EditTable {...TABLE} rows={data ?? []} columns={columns} edit={edit} editable sort={list.sort} onSort={list.toggleSort} />
        </ListState>
        {page && <Pager list={list} next={page.next} shown={page.collectors.length} label="collector.pager" />}
      </Card>
    </div>
  );
}
