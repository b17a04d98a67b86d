/**
 * Agenda area (/agenda, and the audit history's meeting fields): English, the reference for this
 * area's ids. Loaded with the agenda page's chunk (web/src/i18n/area.tsx), not with the app's first
 * load; fr.ts and ru.ts hold exactly the same ids (catalogues.test.ts).
 */
export const en = {
  'agenda.empty': 'No meeting is planned yet',
  'agenda.timeline': 'Meetings, by date',
  'agenda.add': 'Add a meeting',
  'agenda.adding': 'Adding a meeting…',
  'agenda.state.past': 'Past meeting',
  'agenda.state.next': 'Next meeting',
  'agenda.state.upcoming': 'Upcoming meeting',
  'agenda.nameLabel': 'Meeting name',
  'agenda.durationLabel': 'Duration',
  'agenda.datetimeLabel': 'Date and time',
  'agenda.editName': 'Edit the name of “{name}”',
  'agenda.editDuration': '{duration}, edit the duration of “{name}”',
  'agenda.editDatetime': '{datetime}, edit the date and time of “{name}”',
  'agenda.addToCalendar': 'Add to Google Calendar',
  'agenda.addToCalendarLabel': 'Add to Google Calendar: “{name}” (opens in a new tab)',
  'agenda.deleteItem': 'Delete “{name}”',
  'agenda.deleteConfirm': 'Are you sure you want to delete "{name}"?',
  'agenda.deleteDescription': 'The meeting will be removed from the agenda of {company} for everyone.',
  'agenda.saving': 'Saving…',
  'agenda.saved': 'Saved',
  'agenda.saveAgain': 'Save again',
  'agenda.dropChange': 'Drop my change',
  'agenda.createFailed': 'The meeting was not added.',
  'agenda.actionFailed': '“{name}”: {reason}',
  'agenda.deleted': 'Meeting “{name}” deleted',
  'agenda.caseStudies': 'Read the case studies',
  'agenda.readOnly': 'Your integration team plans these meetings with you.',
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}
