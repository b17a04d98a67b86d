import { describe, expect, it } from 'vitest';
import { suppressionsOf, type SesEvent } from './ses-events';

const now = new Date('2026-11-26T12:00:00Z');
const bounce = (bounceType: string, key: 'eventType' | 'notificationType' = 'eventType'): SesEvent => ({
  [key]: 'Bounce',
  bounce: { bounceType, bounceSubType: 'General', timestamp: '2026-11-26T11:59:00Z', bouncedRecipients: [{ emailAddress: 'a@x.test', diagnosticCode: 'smtp; 550 5.1.1' }, { emailAddress: 'b@x.test' }] },
});

describe('suppressionsOf', () => {
  it('a permanent bounce suppresses every bounced recipient, in both SES formats', () => {
    for (const key of ['eventType', 'notificationType'] as const) {
      expect(suppressionsOf(bounce('Permanent', key), now)).toEqual([
        { address: 'a@x.test', type: 'bounce', reason: 'General: smtp; 550 5.1.1', at: '2026-11-26T11:59:00Z' },
        { address: 'b@x.test', type: 'bounce', reason: 'General', at: '2026-11-26T11:59:00Z' },
      ]);
    }
  });

  it('a transient or undetermined bounce, a delivery or a reject suppresses nothing', () => {
    expect(suppressionsOf(bounce('Transient'), now)).toEqual([]);
    expect(suppressionsOf(bounce('Undetermined'), now)).toEqual([]);
    expect(suppressionsOf({ eventType: 'Delivery' }, now)).toEqual([]);
    expect(suppressionsOf({ eventType: 'Reject' }, now)).toEqual([]);
  });

  it('a complaint suppresses the complaining recipient, dated now when SES gives no time', () => {
    expect(suppressionsOf({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'c@x.test' }, { emailAddress: 'not-an-address' }] } }, now)).toEqual([
      { address: 'c@x.test', type: 'complaint', reason: 'complaint', at: now.toISOString() },
    ]);
  });
});
