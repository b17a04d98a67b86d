/**
 * Data health: after onboarding, the daily job re-checks that each company's data still flows
 * (docs/product.md, "Data health"). The contract between GET /api/data-health, the daily job's
 * history and the web app's /data-health page.
 */

/** The five things re-checked every day, in the order the page shows them. */
export const HEALTH_KINDS = ['feed', 'analytics-access', 'analytics-coverage', 'utm-linking', 'volume'] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** `unknown`: never checked yet, or nothing to check (no View ID, no feed URL). */
export const HEALTH_STATUSES = ['healthy', 'warning', 'failing', 'unknown'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/**
 * Why a check gave its status, as a message key of the web app's catalogues (EN/FR/RU) and its
 * values: the server never sends prose, so the reason is shown in the reader's language.
 */
export interface HealthReason {
  /** e.g. 'health.feed.http-status', 'health.coverage.below' */
  key: string;
  values?: Record<string, string | number>;
}

/**
 * One try of the day's feed fetch (the run's own, then its same-day retries: shared/domain/feed-retry.ts):
 * when it finished, how, and why.
 */
export interface HealthAttempt {
  at: string;
  /** 0: the run's own try; 1, 2: the retries. */
  attempt: number;
  status: HealthStatus;
  reason: HealthReason;
}

/** The day's feed tries, kept on the feed kind when there was more than one, or one is due. */
export interface HealthRetries {
  attempts?: HealthAttempt[];
  /** ISO time the next try is due: until then the kind keeps its status of before. */
  retryAt?: string;
}

/** One day's result of one kind (the last check of that UTC day). */
export interface HealthDay extends HealthRetries {
  /** YYYY-MM-DD (UTC) */
  day: string;
  status: HealthStatus;
  /** ISO time of the check */
  checkedAt: string;
  reason?: HealthReason;
}

/** How long a kind's mails may be muted (days): then it mails again if still bad. */
export const HEALTH_MUTE_DAYS = [1, 7, 30] as const;
export type HealthMuteDays = (typeof HEALTH_MUTE_DAYS)[number];

/**
 * A failing or warning kind a company user acknowledged (docs/product.md, "Data health"): its
 * mails stop until `until`; it ends by itself when the kind is healthy again or the time is up.
 */
export interface HealthMute {
  note: string;
  /** ISO time the mails resume if the kind is still bad. */
  until: string;
  /** ISO time of the acknowledgement. */
  at: string;
  /** Who muted it: their name as the portal shows users (first and last name, else the login). */
  byName: string;
  /** The status it had when muted. */
  status: HealthStatus;
}

export interface HealthItem extends HealthRetries {
  kind: HealthKind;
  status: HealthStatus;
  /** Present while its mails are muted. */
  mute?: HealthMute;
  /** ISO time of the last check; null when never checked */
  lastCheck: string | null;
  reason?: HealthReason;
  /** The last 30 days, oldest first; days without a check are absent. */
  history: HealthDay[];
}

/** GET /api/data-health: the caller's current company, one item per kind in HEALTH_KINDS order. */
export interface DataHealth {
  companyId: string;
  items: HealthItem[];
}

/** Only a kind that warns or fails can be acknowledged and muted. */
export const isBadHealth = (status: HealthStatus) => status === 'warning' || status === 'failing';

/** The order "failing first" sorts by (the status report's health filter). */
export const HEALTH_SEVERITY: Record<HealthStatus, number> = { failing: 0, warning: 1, unknown: 2, healthy: 3 };

/**
 * A company's health in one word (the status report's column, the dashboard's card): its worst
 * KNOWN kind, failing first; `unknown` only when no kind is known (a kind with nothing to check,
 * e.g. no feed URL, does not hide the others).
 */
export function worstStatus(statuses: readonly HealthStatus[]): HealthStatus {
  const known = statuses.filter((s) => s !== 'unknown');
  if (known.length === 0) return 'unknown';
  // Stryker disable next-line EqualityOperator: statuses of equal severity are the same status, so either one is the answer
  return known.reduce((worst, s) => (HEALTH_SEVERITY[s] < HEALTH_SEVERITY[worst] ? s : worst));
}
