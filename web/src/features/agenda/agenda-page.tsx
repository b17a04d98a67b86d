import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Schema } from 'yup';
import { calendarTitle, googleCalendarUrl, meetingState, nextMeeting, type MeetingState } from 'shared/domain/meetings';
import { MEETING_DURATIONS, type Meeting, type MeetingDuration as Duration } from 'shared/domain/types';
import { MEETING_NAME_MAX_LENGTH, meetingCreateSchema } from 'shared/schemas/meetings';
import { meetingsCreate, meetingsDelete, meetingsList, meetingsUpdate } from 'shared/routes';
import { T, useT } from '../../i18n/t';
import { errorMessageId } from '../../lib/api/error-message';
import { isAdmin, useCurrentUser } from '../../lib/api/session';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { ConflictChoice, RowRefusal, type Column } from '../../ui/edit-table';
import { ListState, NoticeCallout } from '../../ui/list-state';
import { useRowEdit, type RowEdit } from '../../ui/use-row-edit';
import { durationId, MeetingDateTime, MeetingDuration } from '../../ui/next-meeting-card';
import { formatPortalDate } from '../../i18n/dates';
import { PageHeading } from '../../ui/page-heading';
import { InlineEdit } from './inline-edit';
import { MeetingIcon } from './meeting-icon';
import './agenda.css';
import { caseStudiesUrl } from '../../lib/site-links';

/** The platform's name in calendar titles ('{company} x {product} - {meeting}'); the portal's brand by default. */
const productName = (): string | undefined => import.meta.env.VITE_PRODUCT_NAME || undefined;

type Draft = Pick<Meeting, 'name' | 'duration' | 'datetime'>;
const toDraft = ({ name, duration, datetime }: Meeting): Draft => ({ name, duration, datetime });
/** The fields the draft changes (PUT sends only those, with the version read). */
const changes = (meeting: Meeting, draft: Draft): Partial<Draft> =>
  Object.fromEntries((Object.keys(draft) as Array<keyof Draft>).filter((key) => draft[key] !== meeting[key]).map((key) => [key, draft[key]]));

/** The edited fields, as the refusal names them and the conflict compares them. */
const FIELDS: ReadonlyArray<Column<Meeting, Draft>> = [
  { key: 'name', label: 'agenda.nameLabel', field: 'name', cell: (m) => m.name },
  { key: 'duration', label: 'agenda.durationLabel', field: 'duration', cell: (m) => <MeetingDuration duration={m.duration} /> },
  { key: 'datetime', label: 'agenda.datetimeLabel', field: 'datetime', cell: (m) => <MeetingDateTime datetime={m.datetime} /> },
];

export default function AgendaPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const admin = isAdmin(user);
  const { data, error, mutate } = useRoute(meetingsList);
  const [adding, setAdding] = useState(false);
  const [addFailure, setAddFailure] = useState<unknown>(null);
  // One meeting edited at a time, checked by the shared schema; the routes' `stale` read the list
  // again after each write (a new date may change the order and which meeting is next).
  const edit = useRowEdit<Meeting, Draft>({
    data,
    mutate,
    toDraft,
    // The create schema checks each field as the PUT does (every field optional there, present here).
    schema: meetingCreateSchema as unknown as Schema<Draft>,
    changed: (meeting, draft) => Object.keys(changes(meeting, draft)).length > 0,
    save: (base, draft) => mutateRoute(meetingsUpdate, { params: { id: base.id }, body: { version: base.version, ...changes(base, draft) } }),
    remove: (meeting) => mutateRoute(meetingsDelete, { params: { id: meeting.id }, body: { version: meeting.version } }),
    name: (meeting) => meeting.name,
    notices: { failed: 'agenda.actionFailed', deleted: 'agenda.deleted' },
  });

  const add = async () => {
    setAdding(true);
    setAddFailure(null);
    try {
      await mutateRoute(meetingsCreate, { body: {} });
    } catch (failure) {
      setAddFailure(failure);
    } finally {
      setAdding(false);
    }
  };

  const next = data ? nextMeeting(data) : null;
  const company = user?.currentCompany.name ?? '';
  const more = caseStudiesUrl();

  return (
    <div className="page agenda">
      <PageHeading />
      {addFailure !== null && (
        <Callout tone="danger" title={<T id="agenda.createFailed" />}>
          <T id={errorMessageId(addFailure)} />
        </Callout>
      )}
      <NoticeCallout notice={edit.notice} />
      <ListState data={user ? data : undefined} error={error}>
        {(meetings) => (
        <Card className="agenda-card" aria-labelledby="agenda-heading">
          <div className="agenda-head">
            <h2 id="agenda-heading" className="card-heading">
              <T id="agenda.timeline" />
            </h2>
            {admin && (
              <Button className="agenda-add" onClick={add} loading={adding} aria-label={t('agenda.add')} title={t('agenda.add')}>
                <span aria-hidden="true">+</span>
              </Button>
            )}
          </div>
          {!admin && (
            <p className="muted agenda-note">
              <T id="agenda.readOnly" />
            </p>
          )}
          {meetings.length === 0 ? (
            <p className="agenda-empty">
              <T id="agenda.empty" />
            </p>
          ) : (
            <ol className="timeline" aria-labelledby="agenda-heading">
              {meetings.map((meeting) => (
                <MeetingRow
                  key={meeting.id}
                  meeting={meeting}
                  state={meetingState(meeting, next)}
                  admin={admin}
                  calendar={calendarTitle(company, productName() ?? t('app.brand'), meeting.name)}
                  edit={edit}
                />
              ))}
            </ol>
          )}
          {!admin && more && (
            <a className="agenda-more" href={more} target="_blank" rel="noreferrer" aria-label={t('agenda.caseStudies')} title={t('agenda.caseStudies')}>
              <span aria-hidden="true">…</span>
            </a>
          )}
        </Card>
        )}
      </ListState>
      {admin && (
        <ConfirmDialog
          open={edit.deleting !== null}
          message={<T id="agenda.deleteConfirm" values={{ name: edit.deleting?.name ?? '' }} />}
          description={<T id="agenda.deleteDescription" values={{ company }} />}
          busy={edit.deleting !== null && edit.busyId === edit.deleting.id}
          onConfirm={() => void edit.confirmDelete()}
          onCancel={edit.cancelDelete}
        />
      )}
    </div>
  );
}

function MeetingRow({
  meeting: stored,
  state,
  admin,
  calendar,
  edit,
}: {
  meeting: Meeting;
  state: MeetingState;
  admin: boolean;
  calendar: string;
  edit: RowEdit<Meeting, Draft>;
}) {
  const t = useT();
  const intl = useIntl();
  const editing = edit.editing?.id === stored.id ? edit.editing : null;
  // The row shows the change at once while it is sent, and keeps it after a refusal.
  const meeting = editing ? { ...stored, ...editing.draft } : stored;
  const saving = edit.busyId === stored.id;
  const refused = editing !== null && !saving && (editing.failure !== null || Object.keys(editing.errors).length > 0);
  const locked = saving || (edit.editing !== null && !editing);
  const save = (patch: Partial<Draft>) => void edit.commit(stored, patch);

  const durationOptions = MEETING_DURATIONS.map((value) => ({ value, label: t(durationId(value)) }));
  const name = meeting.name;

  return (
    <li className={`timeline-item timeline-${state}`} aria-busy={saving || undefined}>
      <MeetingIcon state={state} label={t(`agenda.state.${state}`)} />
      <div className="timeline-content">
        <div className="timeline-name">
          {admin ? (
            <InlineEdit
              value={meeting.name}
              display={meeting.name}
              kind={{ type: 'text', maxLength: MEETING_NAME_MAX_LENGTH }}
              editLabel={t('agenda.editName', { name })}
              fieldLabel={t('agenda.nameLabel')}
              disabled={locked}
              className="inline-edit-name"
              onCommit={(value) => save({ name: value })}
            />
          ) : (
            <h3 className="timeline-title">{meeting.name}</h3>
          )}
        </div>
        <div className="timeline-meta">
          {admin ? (
            <>
              <InlineEdit
                value={meeting.duration}
                display={<MeetingDuration duration={meeting.duration} />}
                kind={{ type: 'select', options: durationOptions }}
                editLabel={t('agenda.editDuration', { name, duration: t(durationId(meeting.duration)) })}
                fieldLabel={t('agenda.durationLabel')}
                disabled={locked}
                onCommit={(value) => save({ duration: value as Duration })}
              />
              <InlineEdit
                value={meeting.datetime}
                display={<MeetingDateTime datetime={meeting.datetime} />}
                kind={{ type: 'datetime' }}
                editLabel={t('agenda.editDatetime', { name, datetime: formatPortalDate(intl, meeting.datetime, true) })}
                fieldLabel={t('agenda.datetimeLabel')}
                disabled={locked}
                onCommit={(value) => save({ datetime: value })}
              />
            </>
          ) : (
            <>
              <span className="timeline-duration">
                <MeetingDuration duration={meeting.duration} />
              </span>
              <span className="timeline-datetime">
                <MeetingDateTime datetime={meeting.datetime} />
              </span>
            </>
          )}
          {saving && (
            <span className="muted timeline-saving" role="status">
              <T id="agenda.saving" />
            </span>
          )}
        </div>
        <div className="timeline-actions">
          <a
            className="btn btn-ghost btn-sm"
            href={googleCalendarUrl(meeting, calendar)}
            target="_blank"
            rel="noreferrer"
            aria-label={t('agenda.addToCalendarLabel', { name })}
          >
            <T id="agenda.addToCalendar" />
          </a>
          {admin && (
            <Button variant="ghost" className="btn-sm timeline-delete" onClick={() => edit.askDelete?.(stored)} disabled={locked} aria-label={t('agenda.deleteItem', { name: stored.name })}>
              <T id="confirmDialog.delete" />
            </Button>
          )}
        </div>
        {refused && (
          <div className="timeline-refused">
            {/* Each field's message on a line of its own, then what to do about it. */}
            {Object.entries(editing.errors).map(([field, id]) => (
              <p key={field} className="field-error">
                <T id="common.labelled" values={{ label: t(FIELDS.find((f) => f.field === field)?.label ?? 'agenda.nameLabel'), text: <T id={id!} /> }} />
              </p>
            ))}
            <p role="alert" className="edit-table-refused">
              <RowRefusal editing={editing} fields={FIELDS} />
            </p>
            <div className="edit-table-choice edit-table-actions">
              <Button variant="primary" onClick={() => void edit.save()}>
                <T id="agenda.saveAgain" />
              </Button>
              <Button variant="ghost" onClick={edit.cancel}>
                <T id="agenda.dropChange" />
              </Button>
            </div>
          </div>
        )}
        {editing?.theirs && <ConflictChoice fields={FIELDS} theirs={editing.theirs} mine={{ ...editing.theirs, ...editing.draft }} edit={edit} />}
      </div>
    </li>
  );
}
