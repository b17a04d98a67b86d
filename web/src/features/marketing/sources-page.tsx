import { useMemo, useState } from 'react';
import { REFUSAL_MESSAGES, statusChangeRefusal } from 'shared/domain/integration';
import { businessModelsFor, COPY_PREFIX, DEDUPLICATIONS, sourceNamed } from 'shared/domain/sources';
import type { Product, Source } from 'shared/domain/types';
import { sourceFieldsSchema, SOURCE_NAME_MAX_LENGTH, SOURCE_TEXT_MAX_LENGTH, type SourceForm } from 'shared/schemas/sources';
import { SOURCE_SORTS, type SourceSort } from 'shared/schemas/lists';
import { sourcesCreate, sourcesDelete, sourcesList, sourcesUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { callRoute } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { everyPage } from '../../lib/api/every-page';
import { mutateRoute, pageRows, useRoute } from '../../lib/api/use-route';
import { Callout } from '../../ui/callout';
import { Button } from '../../ui/button';
import { ListState } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { areaActionLabels, EditTable, type Column, type EditorProps } from '../../ui/edit-table';
import { PageHeading } from '../../ui/page-heading';
import { HelpCard } from '../../ui/step-cards';
import { useRowEdit } from '../../ui/use-row-edit';
import { SourcesDescription } from './sources-description';
import { SourceCreateForm } from './sources-form';
import { Pager, SearchBox, useListUrl } from '../../ui/table-tools';
import { businessModelLabel, changed, copyOf, DEDUPLICATION_LABELS, DEFAULT_SORT, downloadSourcesCsv, fromForm, toForm } from './sources-model';
import { StepCompletionStatus } from './sources-step-status';
import './sources-page.css';

type TextKey = 'name' | 'channel' | 'agency' | 'utmSource' | 'utmMedium' | 'utmCampaign';

const textColumn = (key: TextKey, label: MessageId): Column<Source, SourceForm, SourceSort> => ({
  key,
  label,
  sort: key,
  field: key,
  rowHeader: key === 'name',
  cell: (row) => row[key],
  editor: ({ draft, set, label: name, invalid, describedBy }: EditorProps<SourceForm>) => (
    <input
      className="input"
      aria-label={name}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={draft[key] ?? ''}
      maxLength={key === 'name' || key === 'channel' ? SOURCE_NAME_MAX_LENGTH : SOURCE_TEXT_MAX_LENGTH}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  ),
});

function OptionSelect<V extends string>({ value, options, text, label, onChange }: { value: V; options: readonly V[]; text: (v: V) => MessageId; label: string; onChange: (v: V) => void }) {
  const t = useT();
  return (
    <select className="input" aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {t(text(option))}
        </option>
      ))}
    </select>
  );
}

/** Spec: the table's columns, in this order; the business models offered depend on the company's product. */
const columnsFor = (product: Product): ReadonlyArray<Column<Source, SourceForm, SourceSort>> => [
  textColumn('name', 'sources.name'),
  textColumn('channel', 'sources.channel'),
  textColumn('agency', 'sources.agency'),
  {
    key: 'businessModel',
    label: 'sources.businessModel',
    sort: 'businessModel',
    field: 'businessModel',
    cell: (row) => (
      <span className="badge sources-model">
        <T id={businessModelLabel(row.businessModel)} />
      </span>
    ),
    // An affiliate company's row keeps its stored model in the list even if it is no longer offered.
    editor: ({ draft, set, label }) => {
      const offered = businessModelsFor(product);
      const options = offered.includes(draft.businessModel) ? offered : [draft.businessModel, ...offered];
      return <OptionSelect value={draft.businessModel} options={options} text={businessModelLabel} label={label} onChange={(businessModel) => set({ businessModel })} />;
    },
  },
  {
    key: 'deduplication',
    label: 'sources.deduplication',
    sort: 'deduplication',
    field: 'deduplication',
    cell: (row) => <T id={DEDUPLICATION_LABELS[row.deduplication]} />,
    editor: ({ draft, set, label }) => (
      <OptionSelect value={draft.deduplication} options={DEDUPLICATIONS} text={(d) => DEDUPLICATION_LABELS[d]} label={label} onChange={(deduplication) => set({ deduplication })} />
    ),
  },
  textColumn('utmSource', 'sources.utmSource'),
  textColumn('utmMedium', 'sources.utmMedium'),
  textColumn('utmCampaign', 'sources.utmCampaign'),
];

/** The table's fixed parts (the columns depend on the company's product). */
const TABLE = {
  name: (row: Source) => row.name,
  preview: (row: Source, draft: SourceForm): Source => ({ ...row, ...fromForm(draft) }),
  labels: areaActionLabels('sources'),
  caption: 'sources.caption',
  hiddenCaption: true,
  testId: 'source-row',
  className: 'sources-table',
} as const;

/** The sources whose texts hold `text` (a page of the server's matches: the names a copy may not take). */
const sourcesHolding = async (text: string) => (await callRoute(sourcesList, { query: { q: text.slice(0, 128), limit: '50' } })).sources;

/** /marketing/sources: the company's traffic sources (spec "Sources"), a page at a time from the server. */
export function SourcesPage() {
  const { user } = useCurrentUser();
  const list = useListUrl<SourceSort>(DEFAULT_SORT, SOURCE_SORTS);
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, cursor: list.cursor ?? undefined };
  const { data, error, mutate } = useRoute(sourcesList, undefined, { query, keepPreviousData: true, revalidateOnFocus: false });
  // How many sources the company has, as far as the step's rule counts (none, exactly 3 for an
  // affiliate, more: shared/domain/integration.ts), whatever the search shows: four tell them apart.
  const any = useRoute(sourcesList, undefined, { query: { limit: '4' }, revalidateOnFocus: false });
  const rows = data?.sources;
  const [exportFailure, setExportFailure] = useState<unknown>(null);
  const company = user?.currentCompany;
  const columns = useMemo(() => columnsFor(company?.product ?? '360'), [company?.product]);
  const edit = useRowEdit<Source, SourceForm>({
    data: rows,
    mutate: pageRows(mutate, 'sources'),
    toDraft: toForm,
    schema: sourceFieldsSchema,
    // Spec: saved only if the content changed.
    changed,
    // A name another row of the page has (any case) is said while typing; the server refuses any other source's too.
    check: (row, draft) => (sourceNamed(rows ?? [], draft.name, row.id) ? { name: 'validation.source.nameTaken' } : {}),
    save: (base, draft) => mutateRoute(sourcesUpdate, { params: { id: base.id }, body: { version: base.version, ...fromForm(draft) } }),
    // Spec: 'Copy of <name>' (a free one among the sources named so), opened in edit mode.
    copy: async (row) => mutateRoute(sourcesCreate, { body: copyOf(row, await sourcesHolding(`${COPY_PREFIX}${row.name}`)) }),
    remove: (row) => mutateRoute(sourcesDelete, { params: { id: row.id }, body: { version: row.version } }),
    name: TABLE.name,
    notices: { failed: 'sources.actionFailed', deleted: 'sources.deleted' },
  });

  const refusal =
    company && user ? statusChangeRefusal('sources', 'TBD', 'done', { role: user.role, product: company.product, sourceCount: any.data?.sources.length ?? 0, feedChecked: false }) : null;
  // Spec: the CSV holds every source (of the search, in the table's order), read page after page.
  const exportAll = async (companyName: string) => {
    setExportFailure(null);
    try {
      downloadSourcesCsv(await everyPage((cursor) => callRoute(sourcesList, { query: { ...query, cursor } }).then((page) => ({ rows: page.sources, next: page.next }))), companyName);
    } catch (failure) {
      setExportFailure(failure);
    }
  };

  return (
    <div className="page sources-page">
      <PageHeading />
      <div className="sources-layout">
        <div className="sources-main">
          {company && (
            <Card>
              {/* A created source is on whichever page its order puts it: the create's `stale` reads the page again. */}
              <SourceCreateForm product={company.product} />
            </Card>
          )}
        </div>
        <aside className="sources-side">
          <StepCompletionStatus
            step="sources"
            blocked={refusal ? (REFUSAL_MESSAGES[refusal] as MessageId) : null}
            todoText="sources.status.todo"
            buttonLabel="sources.complete"
          />
          <HelpCard text="sources.help" />
        </aside>
      </div>
      <Card>
        <div className="sources-table-head">
          <h2 className="card-title">
            <T id="sources.tableTitle" />
          </h2>
          <Button variant="secondary" disabled={!data || !company} onClick={() => company && void exportAll(company.name)}>
            <T id="sources.export" />
          </Button>
        </div>
        {exportFailure !== null && (
          <Callout tone="danger">
            <T id="sources.exportFailed" values={{ reason: <T id={errorMessageId(exportFailure)} /> }} />
          </Callout>
        )}
        <div className="list-toolbar">
          <SearchBox value={list.text} onChange={list.setText} label="sources.search" />
        </div>
        <ListState data={data} error={error}>
          {(page) => (
            <>
              <EditTable
                {...TABLE}
                rows={page.sources}
                columns={columns}
                edit={edit}
                editable
                sort={list.sort}
                onSort={list.toggleSort}
                empty={<T id={list.search ? 'sources.noMatch' : 'sources.empty'} />}
              />
              <Pager list={list} next={page.next} shown={page.sources.length} label="sources.pager" />
            </>
          )}
        </ListState>
      </Card>
      <SourcesDescription />
    </div>
  );
}
