import { COLLECTOR_TYPES, type DefaultCollector } from 'shared/domain/types';
import { defaultCollectorFormSchema, parseCollectorComment, type DefaultCollectorForm } from 'shared/schemas/default-collectors';
import { defaultCollectorsCreate, defaultCollectorsDelete, defaultCollectorsList, defaultCollectorsUpdate } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { isAdmin, useCurrentUser } from '../../lib/api/session';
import { mutateRoute, pageRows, useRoute } from '../../lib/api/use-route';
import { Callout } from '../../ui/callout';
import { ListState, NoticeCallout } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { PageHeading } from '../../ui/page-heading';
import { useRowEdit } from '../../ui/use-row-edit';
import { DefaultCollectorCreateForm } from './default-collectors-form';
import { Pager, SearchBox, useListUrl } from '../../ui/table-tools';
import { DEFAULT_COLLECTOR_SORTS } from 'shared/schemas/lists';
import { changed, DEFAULT_SORT, fromForm, newId, toForm, type SortKey } from './default-collectors-model';
import './default-collectors-page.css';

function TypeBadge({ type }: { type: DefaultCollector['type'] }) {
  // Spec: Affiliate in a warning colour, Other in an info colour.
  return (
    <span className={`badge dc-type-${type}`}>
      <T id={`defaultCollectors.type.${type}`} />
    </span>
  );
}

function TypeSelect({ value, label, onChange }: { value: DefaultCollector['type']; label: string; onChange: (type: DefaultCollector['type']) => void }) {
  const t = useT();
  return (
    <select className="select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value as DefaultCollector['type'])}>
      {COLLECTOR_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(`defaultCollectors.type.${type}`)}
        </option>
      ))}
    </select>
  );
}

type Draft = DefaultCollectorForm;
const text = (key: 'name' | 'accessEmail') => (props: { draft: Draft; set: (patch: Partial<Draft>) => void; label: string; invalid: boolean; describedBy: string | undefined }) => (
  <input
    className="input"
    aria-label={props.label}
    aria-invalid={props.invalid || undefined}
    aria-describedby={props.describedBy}
    value={props.draft[key] ?? ''}
    onChange={(e) => props.set({ [key]: e.target.value })}
  />
);
const comment = (key: 'commentEn' | 'commentRu' | 'commentFr', lang: 'en' | 'ru' | 'fr', label: 'defaultCollectors.commentEn' | 'defaultCollectors.commentRu' | 'defaultCollectors.commentFr'): Column<DefaultCollector, Draft, SortKey> => ({
  key,
  label,
  field: key,
  className: 'dc-comment',
  cell: (row) => parseCollectorComment(row.comment)[lang],
  editor: ({ draft, set, label: name, invalid, describedBy }) => (
    <textarea className="input" aria-label={name} aria-invalid={invalid || undefined} aria-describedby={describedBy} value={draft[key]} onChange={(e) => set({ [key]: e.target.value })} />
  ),
});

const COLUMNS: ReadonlyArray<Column<DefaultCollector, Draft, SortKey>> = [
  { key: 'name', label: 'defaultCollectors.name', sort: 'name', field: 'name', cell: (row) => row.name, editor: text('name') },
  {
    key: 'accessEmail',
    label: 'defaultCollectors.accessEmail',
    sort: 'accessEmail',
    field: 'accessEmail',
    className: 'dc-email',
    // Wraps after its @ and dots (<wbr>), never mid-word; the whole address in the title.
    cell: (row) => <span title={row.accessEmail}>{row.accessEmail.split(/(?<=[@.])/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]))}</span>,
    editor: text('accessEmail'),
  },
  {
    key: 'type',
    label: 'defaultCollectors.typeColumn',
    fieldLabel: 'defaultCollectors.type',
    sort: 'type',
    field: 'type',
    cell: (row) => <TypeBadge type={row.type} />,
    editor: ({ draft, set, label }) => <TypeSelect value={draft.type} label={label} onChange={(type) => set({ type })} />,
  },
  comment('commentEn', 'en', 'defaultCollectors.commentEn'),
  comment('commentRu', 'ru', 'defaultCollectors.commentRu'),
  comment('commentFr', 'fr', 'defaultCollectors.commentFr'),
];

const LABELS: ActionLabels = {
  edit: ['defaultCollectors.edit', 'defaultCollectors.editLabel'],
  save: ['defaultCollectors.save', 'defaultCollectors.saveLabel'],
  cancel: ['defaultCollectors.cancel', 'defaultCollectors.cancelLabel'],
  copy: ['defaultCollectors.copy', 'defaultCollectors.copyLabel'],
  delete: ['defaultCollectors.delete', 'defaultCollectors.deleteLabel'],
  actions: 'defaultCollectors.actions',
  deleteConfirm: 'defaultCollectors.deleteConfirm',
  deleteDescription: 'defaultCollectors.deleteDescription',
};

/**
 * Default collectors (spec: signed in, searchable): everyone signed in may browse them (every
 * customer's collector page suggests them); administrators create, edit in place, copy and delete.
 */
export function DefaultCollectorsPage() {
  const { user } = useCurrentUser();
  const admin = isAdmin(user);
  // A page of the platform's list in the order and search of the URL; a page change keeps the edit's unsaved-change question (useRowEdit).
  const list = useListUrl<SortKey>(DEFAULT_SORT, DEFAULT_COLLECTOR_SORTS);
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, cursor: list.cursor ?? undefined };
  const { data: page, error, mutate: mutatePage } = useRoute(defaultCollectorsList, undefined, { query, keepPreviousData: true });
  const data = page?.collectors;
  const mutate = pageRows(mutatePage, 'collectors');
  const edit = useRowEdit<DefaultCollector, Draft>({
    data,
    mutate,
    toDraft: toForm,
    schema: defaultCollectorFormSchema,
    changed,
    save: (base, draft) => mutateRoute(defaultCollectorsUpdate, { params: { id: base.id }, body: { version: base.version, ...fromForm(draft) } }),
    // Spec: a copy has a new id, the same name, access email and comment, type Other; it opens for editing.
    copy: (row) => mutateRoute(defaultCollectorsCreate, { body: { id: newId(), name: row.name, accessEmail: row.accessEmail, type: 'Other', comment: row.comment } }),
    remove: (row) => mutateRoute(defaultCollectorsDelete, { params: { id: row.id }, body: { version: row.version } }),
    name: (row) => row.name,
    notices: { failed: 'defaultCollectors.actionFailed', deleted: 'defaultCollectors.deleted' },
  });

  return (
    <div className="page">
      <PageHeading />
      {admin ? (
        <Card>
          {/* The new collector takes its place in the server's order: the page is read again. */}
          <DefaultCollectorCreateForm onCreated={() => void mutatePage()} />
        </Card>
      ) : (
        user && (
          <Callout tone="info">
            <T id="defaultCollectors.readOnly" />
          </Callout>
        )
      )}
      <Card className="dc-section">
        <SearchBox value={list.text} onChange={list.setText} label="defaultCollectors.search" />
        {/* The table shows the edit's notices; a page the last delete emptied has none, so "deleted" shows here. */}
        {data?.length === 0 && <NoticeCallout notice={edit.notice} />}
        <ListState data={data} error={error} empty={list.search ? 'defaultCollectors.noMatch' : 'defaultCollectors.empty'}>
          <EditTable
            rows={data ?? []}
            columns={COLUMNS}
            edit={edit}
            editable={admin}
            name={(row) => row.name}
            preview={(row, draft) => ({ ...row, ...fromForm(draft) })}
            labels={LABELS}
            caption="defaultCollectors.caption"
            sort={list.sort}
            onSort={list.toggleSort}
            testId="dc-row"
            className="dc-table"
          />
        </ListState>
        {page && <Pager list={list} next={page.next} shown={page.collectors.length} label="defaultCollectors.pager" />}
      </Card>
    </div>
  );
}
