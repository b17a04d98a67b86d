import { Link } from 'react-router-dom';
import { meetingsList } from 'shared/routes';
import type { Meeting } from 'shared/domain/types';
import { FormattedDate } from 'react-intl';
import { T } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { Card } from '../../ui/card';

/** The first meeting whose time is still ahead. */
export function nextMeeting(meetings: readonly Meeting[], now = Date.now()): Meeting | null {
  return [...meetings].filter((m) => Date.parse(m.datetime) > now).sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime))[0] ?? null;
}

export function NextMeetingCard() {
  const { data, error } = useRoute(meetingsList, undefined, { shouldRetryOnError: false });
  const meeting = data ? nextMeeting(data) : null;
  return (
    <Card className="next-meeting">
      <h2 className="card-heading">
        <T id="dashboard.nextMeeting" />
      </h2>
      {error ? (
        <p className="muted">
          <T id={error.notImplemented ? 'dashboard.agendaSoon' : 'dashboard.meetingsFailed'} />
        </p>
      ) : !data ? (
        <p className="muted">
          <T id="app.loading" />
        </p>
      ) : meeting ? (
        <p>
          <strong>{meeting.name}</strong>
          <br />
          <FormattedDate value={meeting.datetime} day="2-digit" month="2-digit" year="numeric" hour="2-digit" minute="2-digit" /> · {meeting.duration}
        </p>
      ) : (
        <p className="muted">
          <T id="dashboard.noMeeting" />
        </p>
      )}
      <Link to="/agenda" className="btn btn-secondary btn-sm">
        <T id="dashboard.openAgenda" />
      </Link>
    </Card>
  );
}
