import { Link } from 'react-router-dom';
import { nextMeeting } from 'shared/domain/meetings';
import type { MeetingDuration } from 'shared/domain/types';
import { meetingsList } from 'shared/routes';
import { DateText } from '../i18n/dates';
import { T, type MessageId } from '../i18n/t';
import { useRoute } from '../lib/api/use-route';
import { Card } from './card';

/**
 * How the agenda shows a meeting's duration and time, also on the dashboard and the profile:
 * durations in words of the language, dates day/month/year plus hours:minutes in its format.
 */
export const durationId = (duration: MeetingDuration): MessageId => `agenda.duration.${duration}`;

export function MeetingDuration({ duration }: { duration: MeetingDuration }) {
  return <T id={durationId(duration)} />;
}

/** Day/month/year plus hours:minutes: the portal's one format (i18n/dates.tsx). */
export function MeetingDateTime({ datetime }: { datetime: string }) {
  return <DateText value={datetime} withTime />;
}

/**
 * The card linking to /agenda with the next upcoming meeting (name, duration, date) or the
 * empty-list message; the dashboard and the profile show it (accounts spec). Reads the same SWR
 * entry as the agenda, so an edit there shows here at once.
 */
export function NextMeetingCard({ title, empty, failed, link }: { title: MessageId; empty: MessageId; failed: MessageId; link: MessageId }) {
  const { data, error } = useRoute(meetingsList, undefined, { shouldRetryOnError: false });
  const meeting = data ? nextMeeting(data) : null;
  return (
    <Card className="next-meeting">
      <h2 className="card-heading">
        <T id={title} />
      </h2>
      {error ? (
        <p className="muted">
          <T id={failed} />
        </p>
      ) : !data ? (
        <p className="muted">
          <T id="app.loading" />
        </p>
      ) : meeting ? (
        <p className="next-meeting-text">
          <strong className="next-meeting-name">{meeting.name}</strong>
          <br />
          <MeetingDateTime datetime={meeting.datetime} /> · <MeetingDuration duration={meeting.duration} />
        </p>
      ) : (
        <p className="muted">
          <T id={empty} />
        </p>
      )}
      <Link to="/agenda" className="btn btn-secondary btn-sm">
        <T id={link} />
      </Link>
    </Card>
  );
}
