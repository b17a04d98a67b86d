import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { DefaultCollector } from 'shared/domain/types';
import type { DefaultCollectorForm } from 'shared/schemas/default-collectors';
import { defaultCollectorsCreate, defaultCollectorsDelete, defaultCollectorsList, defaultCollectorsUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { errorMessageId } from '../../lib/api/error-message';
import { isAdmin, useCurrentUser } from '../../lib/api/session';
import { mutateRoute, saveRowOptimistically, useRoute } from '../../lib/api/use-route';
import { Callout } from '../../ui/callout';
import { ListState, NoticeCallout, type Notice } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { PageHeading } from '../../ui/page-heading';
import { DefaultCollectorCreateForm } from './default-collectors-form';
import { SortHeader, useSort } from '../../ui/table-tools';
import { changed, DEFAULT_SORT, fromForm, newId, sortCollectors, toForm, type SortKey } from './default-collectors-model';
import { DefaultCollectorRow } from './default-collectors-row';
import './default-collectors-page.css';

const COLUMNS: Array<[SortKey, MessageId]> = [
  ['name', 'defaultCollectors.name'],
  ['accessEmail', 'defaultCollectors.accessEmail'],
  ['type', 'defaultCollectors.typeColumn'],
];


/**
 * Default collectors (spec: signed in, searchable): everyone signed in may browse them (every
 * customer's collector page suggests them); administrators create, edit in place, copy and delete.
 */
export function DefaultCollectorsPage() {
  const t = useT();
  const intl = useIntl();
  const { user } = useCurrentUser();
  const admin = isAdmin(user);
  const { data, error, mutate } = useRoute(defaultCollectorsList);
  const { sort, toggle: toggleSort } = useSort<SortKey>(DEFAULT_SORT);
  const [editing, setEditing] = useState<{ id: string; draft: DefaultCollectorForm } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DefaultCollector | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const rows = useMemo(() => sortCollectors(data ?? [], sort, intl.locale), [data, sort, intl.locale]);
  const reason = (failure: unknown) => t(errorMessageId(failure));

  const save = async (row: DefaultCollector, draft: DefaultCollectorForm) => {
    // Spec: the same button saves, only if something changed.
    if (!changed(row, draft)) return setEditing(null);
    const fields = fromForm(draft);
    setBusyId(row.id);
    setNotice(null);
    const outcome = await saveRowOptimistically(mutate, data, { ...row, ...fields }, () =>
      mutateRoute(defaultCollectorsUpdate, { params: { id: row.id }, body: { version: row.version, ...fields } }),
    );
    setBusyId(null);
    setEditing(null);
    // Spec: a failed update rolls back the edited row (done); say why.
    if (!outcome.ok) setNotice({ tone: 'danger', id: 'defaultCollectors.updateFailed', values: { name: row.name, reason: reason(outcome.failure) } });
  };

  const copy = async (row: DefaultCollector) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      // Spec: a copy has a new id, the same name, access email and comment, type Other; it opens for editing.
      const created = await mutateRoute(defaultCollectorsCreate, {
        body: { id: newId(), name: row.name, accessEmail: row.accessEmail, type: 'Other', comment: row.comment },
      });
      await mutate((list) => [...(list ?? []), created], { revalidate: false });
      setEditing({ id: created.id, draft: toForm(created) });
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'defaultCollectors.actionFailed', values: { name: row.name, reason: reason(failure) } });
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (row: DefaultCollector) => {
    setBusyId(row.id);
    setNotice(null);
    try {
      await mutateRoute(defaultCollectorsDelete, { params: { id: row.id }, body: { version: row.version } });
      await mutate((list) => (list ?? []).filter((r) => r.id !== row.id), { revalidate: false });
      setNotice({ tone: 'success', id: 'defaultCollectors.deleted', values: { name: row.name } });
    } catch (failure) {
      setNotice({ tone: 'danger', id: 'defaultCollectors.actionFailed', values: { name: row.name, reason: reason(failure) } });
      void mutate();
    } finally {
      setBusyId(null);
      setDeleting(null);
    }
  };

  return (
    <div className="page">
      <PageHeading />
      {admin ? (
        <Card>
          <DefaultCollectorCreateForm onCreated={(created) => void mutate((list) => [...(list ?? []), created], { revalidate: false })} />
        </Card>
      ) : (
        user && (
          <Callout tone="info">
            <T id="defaultCollectors.readOnly" />
          </Callout>
        )
      )}
      <Card className="dc-section">
        <NoticeCallout notice={notice} />
        <ListState data={data} error={error} empty="defaultCollectors.empty">
        <div className="dc-table-wrap">
          <table className="dc-table">
            <caption>
              <T id="defaultCollectors.caption" />
            </caption>
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <SortHeader key={key} column={key} label={label} sort={sort} onSort={toggleSort} />
                ))}
                <th scope="col">
                  <T id="defaultCollectors.commentEn" />
                </th>
                <th scope="col">
                  <T id="defaultCollectors.commentRu" />
                </th>
                <th scope="col">
                  <T id="defaultCollectors.commentFr" />
                </th>
                {admin && (
                  <th scope="col">
                    <T id="defaultCollectors.actions" />
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <DefaultCollectorRow
                  key={row.id}
                  row={row}
                  admin={admin}
                  draft={editing?.id === row.id ? editing.draft : null}
                  busy={busyId === row.id}
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
      <ConfirmDialog
        open={deleting !== null}
        message={<T id="defaultCollectors.deleteConfirm" values={{ name: deleting?.name ?? '' }} />}
        description={<T id="defaultCollectors.deleteDescription" />}
        busy={deleting !== null && busyId === deleting.id}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
