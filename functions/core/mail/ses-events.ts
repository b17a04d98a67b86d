import type { MailSuppression } from '../../../shared/domain/types';
import { putMailSuppression } from '../../data/mail-suppressions';
import { logger } from '../../platform/log';

/**
 * SES bounce and complaint events (docs/deploy.md, "Bounces and complaints"). The configuration
 * set's event destination publishes them as JSON with `eventType`; an identity's own feedback
 * notifications say `notificationType` instead: both are read. A permanent bounce (the address
 * does not exist, or SES's suppression list holds it) and a complaint (the recipient marked the
 * mail as spam) suppress the address; a transient bounce (mailbox full, message too large) and an
 * undetermined one do not: the next mail may well arrive.
 */
interface SesRecipient {
  emailAddress?: string;
  diagnosticCode?: string;
}

export interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: SesRecipient[]; timestamp?: string };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: SesRecipient[]; timestamp?: string };
  mail?: { timestamp?: string };
}

export interface SesEventsDeps {
  suppress(suppression: MailSuppression): Promise<void>;
  now(): Date;
}

const defaults: SesEventsDeps = { suppress: putMailSuppression, now: () => new Date() };

/** The suppressions one event calls for (none for a transient bounce, a delivery, anything else). */
export function suppressionsOf(event: SesEvent, now: Date): MailSuppression[] {
  const kind = event.eventType ?? event.notificationType;
  const addresses = (recipients: SesRecipient[] | undefined) => (recipients ?? []).filter((r) => typeof r.emailAddress === 'string' && r.emailAddress.includes('@'));
  if (kind === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    const at = event.bounce.timestamp ?? now.toISOString();
    return addresses(event.bounce.bouncedRecipients).map((r) => ({
      address: r.emailAddress!.trim(),
      type: 'bounce',
      reason: [event.bounce!.bounceSubType, r.diagnosticCode].filter(Boolean).join(': ').slice(0, 500) || 'Permanent',
      at,
    }));
  }
  if (kind === 'Complaint') {
    const at = event.complaint?.timestamp ?? now.toISOString();
    return addresses(event.complaint?.complainedRecipients).map((r) => ({
      address: r.emailAddress!.trim(),
      type: 'complaint',
      reason: (event.complaint?.complaintFeedbackType ?? 'complaint').slice(0, 500),
      at,
    }));
  }
  return [];
}

/** Records the suppressions of one event; returns the addresses suppressed. */
export async function recordSesEvent(event: SesEvent, deps: SesEventsDeps = defaults): Promise<string[]> {
  const suppressions = suppressionsOf(event, deps.now());
  for (const suppression of suppressions) await deps.suppress(suppression);
  if (suppressions.length > 0) {
    // The address is personal data: its domain is enough to follow a reputation problem in the logs.
    logger().warn('addresses suppressed', { type: suppressions[0]!.type, domains: suppressions.map((s) => s.address.split('@')[1]) });
  } else {
    logger().info('event ignored', { kind: event.eventType ?? event.notificationType ?? 'unknown', bounceType: event.bounce?.bounceType });
  }
  return suppressions.map((s) => s.address);
}
