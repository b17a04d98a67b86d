/**
 * Data health area (/data-health): English, the reference for this area's ids. Loaded with the
 * area's lazy chunk (web/src/i18n/area.tsx); fr.ts and ru.ts hold exactly the same ids
 * (catalogues.test.ts). The `health.*` ids are the reasons GET /api/data-health sends
 * (shared/domain/data-health.ts: a key and its values, never prose); a key missing here shows
 * `dataHealth.reason.generic`.
 */
export const en = {
  'dataHealth.lead': 'Every day we check that your data still reaches us. Each check shows its status today, why, and its last 30 days.',
  'dataHealth.kind.feed': 'Order feed',
  'dataHealth.kind.leadFeed': 'Lead feed',
  'dataHealth.kind.analytics-access': 'Analytics access',
  'dataHealth.kind.analytics-coverage': 'Custom dimension coverage',
  'dataHealth.kind.utm-linking': 'UTM linking',
  'dataHealth.kind.volume': 'Orders and sessions volume',
  'dataHealth.retryAt': 'The fetch failed for a reason that may pass: it is tried again at {date}. Until then the status stays as it was.',
  'dataHealth.attempts.title': 'The day’s fetches',
  'dataHealth.attempts.run': 'daily fetch',
  'dataHealth.attempts.retry': 'retry {n}',
  'dataHealth.attempts.item': '{date}, {which}: {status}.',
  'dataHealth.lastCheck': 'Last check: {date}',
  'dataHealth.neverChecked': 'Never checked',
  'dataHealth.timeline': 'Last 30 days',
  'dataHealth.day': '{date}: {status}',
  'dataHealth.day.none': '{date}: no check',
  'dataHealth.fix.feed': 'Open the feed page',
  'dataHealth.fix.analytics-access': 'Check the analytics access',
  'dataHealth.fix.analytics-coverage': 'Check the custom dimension',
  'dataHealth.fix.utm-linking': 'Link your UTMs',
  'dataHealth.fix.volume': 'Open the feed page',
  'dataHealth.empty': 'Nothing has been checked for your company yet.',
  'dataHealth.reason.generic': 'The check gave no details that can be shown here.',
  'dataHealth.reason.neverChecked': 'Not checked yet: the first daily check has not run.',

  // A warning's lifecycle (POST /api/data-health/mute)
  'validation.health.noteTooLong': 'At most 500 characters',
  'validation.health.muteDays': 'Choose 1, 7 or 30 days',
  'validation.health.notBad': 'Only a check that warns or fails can be acknowledged: reload the page',
  'validation.health.notMuted': 'This check is not muted (any more): reload the page',
  'dataHealth.mute.open': 'Acknowledge and mute',
  'dataHealth.mute.formLabel': 'Acknowledge this check and mute its mails',
  'dataHealth.mute.note': 'What your team knows',
  'dataHealth.mute.noteHint': 'Shown to your colleagues on this page, e.g. “The shop moves to a new server until Friday”.',
  'dataHealth.mute.days': 'Mute the mails for',
  'dataHealth.mute.forDays': '{days, plural, one {# day} other {# days}}',
  'dataHealth.mute.submit': 'Mute the mails',
  'dataHealth.mute.cancel': 'Cancel',
  'dataHealth.mute.by': 'Acknowledged by {name} on {at}; mails muted until {until}. They start again then if this check is still not healthy; healthy again, it ends by itself.',
  'dataHealth.mute.end': 'Unmute',
  'dataHealth.mute.kind': 'Check',
  'dataHealth.mute.endedBy': 'Ended',
  'dataHealth.mute.end.unmuted': 'unmuted by a user',
  'dataHealth.mute.end.resolved': 'healthy again',
  'dataHealth.mute.end.expired': 'time up',
  'dataHealth.mute.until': 'Muted until',
  'dataHealth.mute.status': 'Status when muted',
  'dataHealth.mute.muted': 'Muted: {kinds}',
  'dataHealth.mute.mutedKind': '{kind} ({status}) until {until}',

  // Reasons (GET /api/data-health)
  'health.feed.ok': 'The feed was read without errors ({orders, plural, one {# order} other {# orders}}).',
  'health.feed.warnings': 'The feed was read with {count, plural, one {# kind of warning} other {# kinds of warnings}}.',
  'health.feed.failed': 'The feed could not be fetched or read: {code, select, status {its server refused to send it{http, select, none {} other { (HTTP {http})}}} timeout {it took too long to arrive} too_slow {its server sent it too slowly} stalled {it stopped arriving} connection {the connection to its server failed} dns {its host name was not found} malformed {it is not well-formed} other {error “{code}”}}.',
  'health.feed.none': 'No feed address is stored yet.',
  'health.feed.never': 'The feed has not been checked yet.',
  'health.access.ok': 'Our service account can read your analytics property.',
  'health.access.denied': 'Our service account can no longer read your analytics property.',
  'health.analytics.noViewId': 'No View ID is stored yet.',
  'health.analytics.unavailable': 'The analytics tool did not answer; we will try again tomorrow.',
  'health.coverage.ok': '{percent, number} % of sessions and transactions carry the custom dimension.',
  'health.coverage.below': 'Only {percent, number} % of sessions or transactions carry the custom dimension.',
  'health.coverage.noDimension': 'No custom dimension is stored yet.',
  'health.coverage.noAccess': 'Coverage cannot be measured without access to the property.',
  'health.coverage.dimensionGone': 'Custom dimension {index} no longer exists in the property.',
  'health.coverage.noData': 'Your analytics property has no sessions to measure yet.',
  'health.utm.ok': '{percent, number} % of sessions come from UTMs linked to no source.',
  'health.utm.unlinked': '{percent, number} % of sessions come from UTMs no rule links ({utms, plural, one {# UTM} other {# UTMs}}).',
  'health.utm.noTraffic': 'No traffic has been imported to measure yet.',
  'health.volume.ordersOk': '{count, plural, one {# order} other {# orders}} on {weekday, select, mon {Monday} tue {Tuesday} wed {Wednesday} thu {Thursday} fri {Friday} sat {Saturday} other {Sunday}}; usually about {usual, number}.',
  'health.volume.ordersDrop': 'Only {count, plural, one {# order} other {# orders}} on {weekday, select, mon {Monday} tue {Tuesday} wed {Wednesday} thu {Thursday} fri {Friday} sat {Saturday} other {Sunday}}; usually about {usual, number}.',
  'health.volume.ordersNone': 'No orders on {weekday, select, mon {Monday} tue {Tuesday} wed {Wednesday} thu {Thursday} fri {Friday} sat {Saturday} other {Sunday}}; usually about {usual, number}.',
  'health.volume.sessionsOk': '{count, plural, one {# session} other {# sessions}} on {weekday, select, mon {Monday} tue {Tuesday} wed {Wednesday} thu {Thursday} fri {Friday} sat {Saturday} other {Sunday}}; usually about {usual, number}.',
  'health.volume.sessionsDrop': 'Only {count, plural, one {# session} other {# sessions}} on {weekday, select, mon {Monday} tue {Tuesday} wed {Wednesday} thu {Thursday} fri {Friday} sat {Saturday} other {Sunday}}; usually about {usual, number}.',
  'health.volume.sessionsNone': 'No sessions on {weekday, select, mon {Monday} tue {Tuesday} wed {Wednesday} thu {Thursday} fri {Friday} sat {Saturday} other {Sunday}}; usually about {usual, number}.',
  'health.volume.learning': 'Not compared yet: each day is compared with the same weekday of the last {weeks, number} weeks, once they have been counted.',
  'health.volume.noFigure': 'The day’s orders or sessions could not be counted; the other checks say why.',
  'health.volume.none': 'No feed address and no View ID are stored yet.',
  // The match-rate trend (ui/match-trend.tsx).
  'dataHealth.match.title': 'Match with analytics, last {days} days',
  'dataHealth.match.day': 'Day',
  'dataHealth.match.rate': 'Found in analytics',
  'dataHealth.match.inFeed': '{kind, select, lead {Leads} other {Orders}} of {day} in the feed',
  'dataHealth.match.found': 'Found in analytics',
  'dataHealth.match.missing': 'Missing from analytics',
  'dataHealth.match.callCentre': 'Call-centre (not compared)',
  'dataHealth.match.missingIds': 'Download the missing ids (CSV, {rows, plural, one {# id} other {# ids}})',
  'dataHealth.match.missingIdsGone': 'The file is no longer available: it is kept two days after the check.',
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}
