import { NextMeetingCard as Card } from '../../ui/next-meeting-card';

/** The rule lives in shared/domain/meetings.ts (the agenda and the profile use it too). */
export { nextMeeting } from 'shared/domain/meetings';

/** The dashboard's next-meeting card: the first meeting still ahead, a link to /agenda. */
export function NextMeetingCard() {
  return <Card title="dashboard.nextMeeting" empty="dashboard.noMeeting" failed="dashboard.meetingsFailed" link="dashboard.openAgenda" />;
}
