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
  'dataHealth.lastCheck': 'Last check: {date}',
  'dataHealth.neverChecked': 'Never checked',
  'dataHealth.timeline': 'Last 30 days',
  'dataHealth.day': '{date}: {status}',
  'dataHealth.day.none': '{date}: no check',
  'dataHealth.fix.feed': 'Open the feed page',
  'dataHealth.fix.analytics-access': 'Check the analytics access',
  'dataHealth.fix.analytics-coverage': 'Check the custom dimension',
  'dataHealth.fix.utm-linking': 'Link your UTMs',
  'dataHealth.empty': 'Nothing has been checked for your company yet.',
  'dataHealth.reason.generic': 'The check gave no details that can be shown here.',

  // Reasons (GET /api/data-health)
  'health.feed.ok': 'The feed was read without errors.',
  'health.feed.http-status': 'The feed address answered with HTTP status {status}.',
  'health.feed.unreachable': 'The feed address could not be reached.',
  'health.feed.invalid': '{errors, plural, one {The feed was read with # error.} other {The feed was read with # errors.}}',
  'health.feed.not-configured': 'No feed address is set yet.',
  'health.access.ok': 'Our service account can read your analytics property.',
  'health.access.lost': 'Our service account can no longer read your analytics property.',
  'health.access.no-view-id': 'No View ID is set yet.',
  'health.coverage.ok': 'The custom dimension is set on {percent, number}% of your sessions.',
  'health.coverage.below': 'The custom dimension is set on {percent, number}% of your sessions, below {threshold, number}%.',
  'health.coverage.no-data': 'Your analytics property has no sessions to measure yet.',
  'health.utm.ok': '{percent, number}% of your traffic has UTMs linked to no source.',
  'health.utm.unlinked': '{percent, number}% of your traffic has UTMs linked to no source, above {threshold, number}%.',
  'health.utm.no-traffic': 'No traffic has been imported to measure yet.',
  'health.unknown.never-checked': 'Not checked yet: the first daily check has not run.',
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}
