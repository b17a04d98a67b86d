import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ValidationError } from 'yup';
import type { Collector, CollectorStatus } from 'shared/domain/types';
import { COPY_PREFIX } from 'shared/domain/sources';
import { COLLECTOR_SOURCE_MAX_LENGTH, collectorUpdateSchema } from 'shared/schemas/collectors';
import { collectorsCreate, collectorsDelete, collectorsList, collectorsUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, saveRowOptimistically, useRoute } from '../../lib/api/use-route';
import { Callout } from '../../ui/callout';
import { NoticeCallout, type Notice } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { SortHeader, useSort } from '../../ui/table-tools';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { DescriptionCard } from '../../ui/step-cards';
import { CollectorCreateForm } from './collector-form';
import {
  DEFAULT_COLLECTOR_SORT,
  draftChanged,
  sortCollectorRows,
  toDraft,
  updateBody,
  type CollectorDraft,
  type CollectorSortKey,
} from './collector-model';
import { CollectorPlatformList } from './collector-platforms';
import { CollectorRow, type DraftErrors } from './collector-row';
import { CollectorHelpCard, CollectorStatusCard } from './collector-side';
import './collector-page.css';

const COLUMNS: Array<[CollectorSortKey, MessageId]> = [
  ['source', 'collector.source'],
  ['accessEmail', 'collector.accessEmail'],
  ['configStatus', 'collector.configStatus'],
  ['collectStatus', 'collector.collectStatus'],
];


/**
 * /marketing/collector: the company's data collectors (integration-steps spec, "Collector").
 * Create (with the administrators' suggestions), a table sorted by source whose statuses save
 * at once, inline edit of one row, copy (opens in edit mode), delete after confirmation; every
 * failed change rolls the row back and says why.
 */
export function CollectorPage() {
  const t = useT();
  const intl = useIntl();
  const { data, error, mutate } = useRoute(collectorsList);
  const { sort, toggle: toggleSort } = useSort<CollectorSortKey>(DEFAULT_COLLECTOR_SORT);
  const [editing, setEditing] = useState<{ id: string; draft: CollectorDraft; errors: DraftErrors } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Collector | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const rows = useMemo(() => sortCollectorRows(data ?? [], sort, intl.locale), [data, sort, intl.locale]);
  const reason = (failure: unknown) => t(errorMessageId(failure));
  const added = (created: Collector) => void mutate((list) => [...(list ?? []), created], { revalidate: false });

  /** Optimistic PUT of one row; on failure the row goes back as it was and the notice says why. */
  const put = async (row: Collector, body: ReturnType<typeof updateBody>): Promise<boolean> => {
    setBusyId(row.id);
    setNotice(null);
    const outcome = await saveRowOptimistically(mutate, data, { ...row, ...body, version: row.version }, () =>
      mutateRoute(collectorsUpdate, { params: { id: row.id }, body }),
    );
    setBusyId(null);
    if (!outcome.ok) setNotice({ tone: 'danger', id: 'collector.updateFailed', values: { source: row.source, reason: reason(outcome.failure) } });
    return outcome.ok;
  };

  const changeStatus = (row: Collector, field: 'configStatus' | 'collectStatus', status: CollectorStatus) => void put(row, updateBody(row, { [field]: status }));

  const save = async (row: Collector, draft: CollectorDraft) => {
    // Save sends nothing when nothing changed.
    if (!draftChanged(row, draft)) return setEditing(null);
    const body = updateBody(row, draft);
    try {
      await collectorUpdateSchema.validate(body, { abortEarly: false });
    } catch (invalid) {
      const errors: DraftErrors = {};
      for (const item of (invalid as ValidationError).inner) errors[item.path as keyof CollectorDraft] ??= fieldMessageId(item.message, intl.messages);
      return setEditing({ id: row.id, draft, errors });
    }
    await put(row, body);
    // Spec: a failed update rolls back the edited row: either way the row leaves edit mode (the notice says why it failed).
    setEditing(null);
  };

  const copy = async (row: Collector) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      // Spec: the copy carries the comment status; it opens in edit mode (statuses start at No).
      // The spec's fixed prefix 'Copy of ', as for sources: stored data, not a text of the screen's language.
      const source = `${COPY_PREFIX}${row.source}`.slice(0, COLLECTOR_SOURCE_MAX_LENGTH);
      const created = await mutateRoute(collectorsCreate, {
        body: { source, accessEmail: row.accessEmail, comment: row.comment, commentStatus: row.commentStatus, configStatus: 'No', collectStatus: 'No' },
      });
      await mutate((list) => [...(list ?? []), created], { revalidate: false });
      setEditing({ id: created.id, draft: toDraft(created), errors: {} });
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'collector.actionFailed', values: { source: row.source, reason: reason(failure) } });
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (row: Collector) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      await mutateRoute(collectorsDelete, { params: { id: row.id }, body: { version: row.version } });
      await mutate((list) => (list ?? []).filter((r) => r.id !== row.id), { revalidate: false });
      if (editing?.id === row.id) setEditing(null);
      setNotice({ tone: 'success', id: 'collector.deleted', values: { source: row.source } });
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'collector.actionFailed', values: { source: row.source, reason: reason(failure) } });
      void mutate();
    } finally {
      setBusyId(null);
      setDeleting(null);
    }
  };

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
          <CollectorStatusCard collectors={data} />
          <CollectorHelpCard onCreated={added} />
        </aside>
      </div>
      {/* Full width: six columns need the room. */}
      <Card className="collector-list">
            <NoticeCallout notice={notice} />
            {error ? (
              <Callout tone="danger" title={<T id="collector.loadFailed" />}>
                {error.message}
              </Callout>
            ) : !data ? (
              <Spinner />
            ) : rows.length === 0 ? (
              <p className="muted">
                <T id="collector.empty" />
              </p>
            ) : (
              <div className="collector-table-wrap">
                <table className="collector-table">
                  <caption>
                    <T id="collector.caption" />
                  </caption>
                  <thead>
                    <tr>
                      {COLUMNS.map(([key, label]) => (
                        <SortHeader key={key} column={key} label={label} sort={sort} onSort={toggleSort} />
                      ))}
                      <th scope="col">
                        <T id="collector.commentStatus" />
                      </th>
                      <th scope="col">
                        <T id="collector.actions" />
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <CollectorRow
                        key={row.id}
                        row={row}
                        draft={editing?.id === row.id ? editing.draft : null}
                        errors={editing?.id === row.id ? editing.errors : {}}
                        busy={busyId === row.id}
                        onDraft={(draft) => setEditing({ id: row.id, draft, errors: {} })}
                        onStatus={(field, status) => changeStatus(row, field, status)}
                        onEdit={() => setEditing({ id: row.id, draft: toDraft(row), errors: {} })}
                        onSave={() => editing && void save(row, editing.draft)}
                        onCancel={() => setEditing(null)}
                        onCopy={() => void copy(row)}
                        onDelete={() => setDeleting(row)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        message={<T id="collector.deleteConfirm" values={{ source: deleting?.source ?? '' }} />}
        description={<T id="collector.deleteDescription" />}
        busy={deleting !== null && busyId === deleting.id}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
