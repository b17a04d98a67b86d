import type { HealthStatus } from 'shared/domain/data-health';
import { T, type MessageId } from '../i18n/t';

/** Each status has its own glyph as well as its colour (WCAG 1.4.1: never colour alone). */
export const HEALTH_ICONS: Record<HealthStatus, string> = { healthy: '✓', warning: '!', failing: '✕', unknown: '?' };

export const healthStatusId = (status: HealthStatus): MessageId => `healthStatus.${status}`;

/** A data-health status (the page, the dashboard's summary, the admin report): glyph, colour and word. */
export function HealthBadge({ status }: { status: HealthStatus }) {
  return (
    <span className={`health-badge health-${status}`}>
      <span className="health-icon" aria-hidden="true">
        {HEALTH_ICONS[status]}
      </span>
      <T id={healthStatusId(status)} />
    </span>
  );
}
