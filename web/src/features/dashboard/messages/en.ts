/**
 * Dashboard area (/dashboard): English, the reference for this area's ids. Loaded with the
 * dashboard's chunk (web/src/i18n/area.tsx), not with the app's first load; fr.ts and ru.ts hold
 * exactly the same ids (catalogues.test.ts).
 */
export const en = {
  'dashboard.greeting': 'Hello {name}, here is where your integration stands.',
  'dashboard.greetingNoName': 'Hello, here is where your integration stands.',
  'dashboard.loadFailed': 'Your integration steps could not be loaded',
  'dashboard.sideLabel': 'Meetings, to-do list and success stories',
  'dashboard.progress': 'Integration progress',
  'dashboard.percent': '{value, number, percent}',
  'dashboard.stepBlocks': 'Steps at a glance',
  'dashboard.steps': 'Integration steps',
  'dashboard.noSteps': 'No integration step is set up for this company yet.',
  'dashboard.updated': 'Updated:',
  'dashboard.action.start': 'Start',
  'dashboard.action.continue': 'Continue',
  'dashboard.action.open': 'Open',
  'dashboard.resetStatus': 'Reset status',
  'dashboard.resetConfirmText': "The customer will have to complete it again; the integration team is not mailed.",
  'dashboard.resetConfirm': "Set {step} back to be done?",
  'dashboard.validate': 'Validate',
  'dashboard.validateHint': 'Validate becomes available when every step is complete.',
  'dashboard.validateReady': 'Every step is complete: validate to let our team know.',
  'dashboard.validated': 'You validated this integration; you can validate again after changes.',
  'dashboard.health.title': 'Data health',
  'dashboard.health.text': 'Every day we check that your data still reaches us.',
  'dashboard.health.link': 'See the data health',
  'dashboard.health.failed': 'The data health could not be read.',
  'dashboard.health.line': '{kind}: {reason}',
  'dashboard.verifiedTitle': 'Integration was successfully verified',
  'dashboard.verifiedText': 'Thank you! Our customer team has been notified and will get back to you shortly.',
  'dashboard.ok': 'OK',
  'dashboard.nextMeeting': 'Next meeting',
  'dashboard.noMeeting': 'No upcoming meeting is planned.',
  'dashboard.meetingsFailed': 'Meetings could not be loaded.',
  'dashboard.openAgenda': 'Open the agenda',
  'reviews.title': 'Success stories',
  'reviews.carousel': 'carousel',
  'reviews.previous': 'Previous',
  'reviews.next': 'Next',
  'reviews.position': '{current} of {total}',
  'reviews.caseStudies': 'Read the case studies',
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}
