import { useState } from 'react';
import { useIntl } from 'react-intl';
import { calendarTitle, googleCalendarUrl, meetingState, nextMeeting, type MeetingState } from 'shared/domain/meetings';
import { MEETING_DURATIONS, type Meeting, type MeetingDuration as Duration } from 'shared/domain/types';
import { MEETING_NAME_MAX_LENGTH, meetingUpdateSchema } from 'shared/schemas/meetings';
import { meetingsCreate, meetingsDelete, meetingsList, meetingsUpdate } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { isAdmin, useCurrentUser } from '../../lib/api/session';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { durationId, MeetingDateTime, MeetingDuration } from '../../ui/next-meeting-card';
import { formatPortalDate } from '../../i18n/dates';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { fromLocalInput, InlineEdit, toLocalInput } from './inline-edit';
import { MeetingIcon } from './meeting-icon';
import './agenda.css';
import { caseStudiesUrl } from '../../lib/site-links';

/** The platform's name in calendar titles ('{company} x {product} - {meeting}'); the portal's brand by default. */
const productName = (): string | undefined => import.meta.env.VITE_PRODUCT_NAME || undefined;

type Field = 'name' | 'duration' | 'datetime';

type Changes = Partial<Pick<Meeting, Field>>;

/** Why a call failed, in words: the field's message of a 400, else the error code's. */
function reasonOf(error: unknown, field?: Field): MessageId {
  if (field && error instanceof ApiError && error.fieldErrors[field]) return error.fieldErrors[field] as MessageId;
  return errorMessageId(error);
}

/** A stale version or a meeting deleted meanwhile: the list is read again so the next edit starts from the truth. */
const isOutdated = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 404);

export default function AgendaPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const admin = isAdmin(user);
  const { data, error, mutate } = useRoute(meetingsList);
  const [adding, setAdding] = useState(false);
  const [addFailure, setAddFailure] = useState<unknown>(null);

  const add = async () => {
    setAdding(true);
    setAddFailure(null);
    try {
      await mutateRoute(meetingsCreate, { body: {} });
      await mutate();
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
          <T id={reasonOf(addFailure)} />
        </Callout>
      )}
      {error ? (
        <Callout tone="danger" title={<T id="common.somethingWrong" />}>
          {error.message}
        </Callout>
      ) : !data || !user ? (
        <Spinner />
      ) : (
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
          {data.length === 0 ? (
            <p className="agenda-empty">
              <T id="agenda.empty" />
            </p>
          ) : (
            <ol className="timeline" aria-labelledby="agenda-heading">
              {data.map((meeting) => (
                <MeetingRow
                  key={meeting.id}
                  meeting={meeting}
                  state={meetingState(meeting, next)}
                  admin={admin}
                  calendar={calendarTitle(company, productName() ?? t('app.brand'), meeting.name)}
                  company={company}
                  onLocalChange={(change) => mutate((list) => list?.map((m) => (m.id === meeting.id ? change(m) : m)), { revalidate: false })}
                  onReload={() => mutate()}
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
    </div>
  );
}

function MeetingRow({
  meeting,
  state,
  admin,
  calendar,
  company,
  onLocalChange,
  onReload,
}: {
  meeting: Meeting;
  state: MeetingState;
  admin: boolean;
  calendar: string;
  company: string;
  onLocalChange: (change: (m: Meeting) => Meeting) => Promise<unknown>;
  onReload: () => Promise<unknown>;
}) {
  const t = useT();
  const intl = useIntl();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ title: MessageId; reason: MessageId } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  /** Shows the change at once, saves it, and puts the row back as it was if the save fails. */
  const save = async (field: Field, changes: Changes) => {
    setFailure(null);
    try {
      meetingUpdateSchema.validateSyncAt(field, { version: meeting.version, ...changes });
    } catch (invalid) {
      setFailure({ title: 'agenda.saveFailed', reason: (invalid as Error).message as MessageId });
      return;
    }
    setSaving(true);
    const before = meeting;
    await onLocalChange((m) => ({ ...m, ...changes }));
    try {
      const saved = await mutateRoute(meetingsUpdate, { params: { id: meeting.id }, body: { version: meeting.version, ...changes } });
      // A new date may change the order (and which meeting is next): read the list again.
      if (changes.datetime !== undefined) await onReload();
      else await onLocalChange(() => saved);
    } catch (error) {
      await onLocalChange(() => before);
      setFailure({ title: 'agenda.saveFailed', reason: reasonOf(error, field) });
      if (isOutdated(error)) await onReload();
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await mutateRoute(meetingsDelete, { params: { id: meeting.id }, body: { version: meeting.version } });
      setConfirming(false);
      await onReload();
    } catch (error) {
      setConfirming(false);
      setFailure({ title: 'agenda.deleteFailed', reason: reasonOf(error) });
      if (isOutdated(error)) await onReload();
    } finally {
      setDeleting(false);
    }
  };

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
              disabled={saving}
              className="inline-edit-name"
              onCommit={(value) => save('name', { name: value })}
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
                disabled={saving}
                onCommit={(value) => save('duration', { duration: value as Duration })}
              />
              <InlineEdit
                value={toLocalInput(meeting.datetime)}
                display={<MeetingDateTime datetime={meeting.datetime} />}
                kind={{ type: 'datetime-local' }}
                editLabel={t('agenda.editDatetime', { name, datetime: formatPortalDate(intl, meeting.datetime, true) })}
                fieldLabel={t('agenda.datetimeLabel')}
                disabled={saving}
                onCommit={(value) => save('datetime', { datetime: fromLocalInput(value) ?? value })}
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
            <Button variant="ghost" className="btn-sm timeline-delete" onClick={() => setConfirming(true)} disabled={saving} aria-label={t('agenda.deleteItem', { name })}>
              <T id="confirmDialog.delete" />
            </Button>
          )}
        </div>
        {failure && (
          <Callout tone="danger" title={<T id={failure.title} />}>
            <T id={fieldMessageId(failure.reason, intl.messages)} />
          </Callout>
        )}
      </div>
      {admin && (
        <ConfirmDialog
          open={confirming}
          message={<T id="agenda.deleteConfirm" values={{ name }} />}
          description={<T id="agenda.deleteDescription" values={{ company }} />}
          busy={deleting}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
