import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { REFUSAL_MESSAGES, statusChangeRefusal } from 'shared/domain/integration';
import { sourceNamed } from 'shared/domain/sources';
import type { Source } from 'shared/domain/types';
import type { SourceForm } from 'shared/schemas/sources';
import { sourcesCreate, sourcesDelete, sourcesList, sourcesUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { mutateRoute, saveRowOptimistically, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { ListState, NoticeCallout, type Notice } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { PageHeading } from '../../ui/page-heading';
import { HelpCard } from '../../ui/step-cards';
import { SourcesDescription } from './sources-description';
import { SourceCreateForm } from './sources-form';
import { SortHeader, useSort } from '../../ui/table-tools';
import { changed, COLUMNS, copyOf, DEFAULT_SORT, downloadSourcesCsv, failureMessageId, fromForm, sortSources, toForm, type SortKey } from './sources-model';
import { SourceRow } from './sources-row';
import { StepCompletionCard } from './sources-step-status';
import './sources-page.css';


/** /marketing/sources: the company's traffic sources (spec "Sources"). */
export function SourcesPage() {
  const t = useT();
  const intl = useIntl();
  const { user } = useCurrentUser();
  const { data, error, mutate } = useRoute(sourcesList);
  const { sort, toggle: toggleSort } = useSort<SortKey>(DEFAULT_SORT);
  const [editing, setEditing] = useState<{ id: string; draft: SourceForm } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Source | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const rows = useMemo(() => sortSources(data ?? [], sort, intl.locale), [data, sort, intl.locale]);
  const company = user?.currentCompany;
  const reason = (failure: unknown) => t(failureMessageId(failure, intl.messages));

  const save = async (row: Source, draft: SourceForm) => {
    // Spec: saved only if the content changed.
    if (!changed(row, draft)) return setEditing(null);
    const fields = fromForm(draft);
    setBusyId(row.id);
    setNotice(null);
    const outcome = await saveRowOptimistically(mutate, data, { ...row, ...fields }, () =>
      mutateRoute(sourcesUpdate, { params: { id: row.id }, body: { version: row.version, ...fields } }),
    );
    setBusyId(null);
    setEditing(null);
    if (!outcome.ok) setNotice({ tone: 'danger', id: 'sources.updateFailed', values: { name: row.name, reason: reason(outcome.failure) } });
  };

  const copy = async (row: Source) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      const created = await mutateRoute(sourcesCreate, { body: copyOf(row, data ?? []) });
      await mutate((list) => [...(list ?? []), created], { revalidate: false });
      // Spec: the copy opens in edit mode.
      setEditing({ id: created.id, draft: toForm(created) });
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'sources.actionFailed', values: { name: row.name, reason: reason(failure) } });
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (row: Source) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      await mutateRoute(sourcesDelete, { params: { id: row.id }, body: { version: row.version } });
      await mutate((list) => (list ?? []).filter((r) => r.id !== row.id), { revalidate: false });
      setNotice({ tone: 'success', id: 'sources.deleted', values: { name: row.name } });
      if (editing?.id === row.id) setEditing(null);
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'sources.actionFailed', values: { name: row.name, reason: reason(failure) } });
      void mutate();
    } finally {
      setBusyId(null);
      setDeleting(null);
    }
  };

  const refusal =
    company && user ? statusChangeRefusal('sources', 'TBD', 'done', { role: user.role, product: company.product, sourceCount: data?.length ?? 0, feedChecked: false }) : null;

  return (
    <div className="page sources-page">
      <PageHeading />
      <div className="sources-layout">
        <div className="sources-main">
          {company && (
            <Card>
              <SourceCreateForm
                product={company.product}
                sources={data}
                onCreated={(created) => {
                  void mutate((list) => [...(list ?? []), created], { revalidate: false });
                }}
              />
            </Card>
          )}
        </div>
        <aside className="sources-side">
          <StepCompletionCard
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
          <Button variant="secondary" disabled={!data || !company} onClick={() => company && downloadSourcesCsv(rows, company.name)}>
            <T id="sources.export" />
          </Button>
        </div>
        <NoticeCallout notice={notice} />
        <ListState data={data} error={error} empty="sources.empty">
        <div className="sources-table-wrap" role="region" aria-labelledby="sources-caption" tabIndex={0}>
          <table className="sources-table">
            <caption id="sources-caption" className="visually-hidden">
              <T id="sources.caption" />
            </caption>
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <SortHeader key={key} column={key} label={label} sort={sort} onSort={toggleSort} />
                ))}
                <th scope="col">
                  <T id="sources.actions" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <SourceRow
                  key={row.id}
                  row={row}
                  product={company?.product ?? '360'}
                  draft={editing?.id === row.id ? editing.draft : null}
                  busy={busyId === row.id}
                  locked={(editing !== null && editing.id !== row.id) || (busyId !== null && busyId !== row.id)}
                  nameTaken={editing?.id === row.id && !!sourceNamed(data ?? [], editing.draft.name, row.id)}
                  onDraft={(draft) => setEditing({ id: row.id, draft })}
                  onEdit={() => setEditing({ id: row.id, draft: toForm(row) })}
                  onSave={() => editing && void save(row, editing.draft)}
                  onCancel={() => setEditing(null)}
                  onCopy={() => void copy(row)}
                  onDelete={() => setDeleting(row)}
                />
              ))}
            </tbody>
          </table>
        </div>
        </ListState>
      </Card>
      <SourcesDescription />
      <ConfirmDialog
        open={deleting !== null}
        message={<T id="sources.deleteConfirm" values={{ name: deleting?.name ?? '' }} />}
        description={<T id="sources.deleteDescription" />}
        busy={deleting !== null && busyId === deleting.id}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
