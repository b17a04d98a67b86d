/**
 * The authorization matrix's request bodies (test/integration/authorization-matrix.test.ts), one
 * per write route. test/unit/matrix-bodies.test.ts fails while a signed-in write route has none or
 * its body does not pass the route's own schema: without one the matrix's foreign-company probes
 * stop at 400 and "never writes to another company" would never run the write.
 */
/**
 * A body that passes each built route's validation, so the foreign-company probes reach the
 * handler's writes instead of stopping at a 400. The probe adds the foreign ids on top.
 */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'integration-status-update': { stepType: 'collector', status: 'done' },
  'email-send': { template_id: 'integration-validation' },
  // users admin
  'users-create': { login: 'matrix-created@it.portal.test', password: 'Matrix-pass-1234', role: 'ROLE_USER', company: 'Portal Team' },
  'users-update': { version: 1, data: [{ field: 'firstName', value: 'Matrix' }] },
  'users-delete': { version: 1 },
  // companies admin
  'companies-create': { name: 'Matrix created company', product: 'lead', country: 'DE', integrationSteps: ['sources'] },
  'companies-update': { version: 1, name: 'Matrix renamed company' },
  'companies-update-current': { viewId: '123456' },
  'companies-delete': { version: 1 },
  // translations
  'translations-update': { version: 0, en: {}, fr: {}, ru: {} },
  // agenda
  'meetings-create': { name: 'Matrix meeting', duration: '45m', datetime: '2030-01-02T10:00:00.000Z' },
  'meetings-update': { version: 1, name: 'Matrix meeting renamed' },
  'meetings-delete': { version: 1 },
  // default collectors
  'default-collectors-create': { id: '6f1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Matrix collector', type: 'Other' },
  'default-collectors-update': { version: 1, name: 'Matrix collector', type: 'Other' },
  'default-collectors-delete': { version: 1 },
  // collectors (issue 10)
  'collectors-create': { source: 'Matrix collector', accessEmail: 'matrix@collector.test' },
  'collectors-update': { version: 1, source: 'Matrix collector', accessEmail: 'matrix@collector.test', configStatus: 'Yes' },
  'collectors-delete': { version: 1 },
  // sources and commissions (issue 10): the create's id is a client-made UUID (CLIENT_MADE_IDS); the
  // commission's source exists nowhere, so its create stops at the handler's 400.
  'sources-create': { id: '3b7c2d1e-5f6a-4b8c-9d0e-1f2a3b4c5d6e', name: 'Matrix source', channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' },
  'sources-update': { version: 1, name: 'Matrix source', channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' },
  'sources-delete': { version: 1 },
  'affiliate-commissions-create': { sourceName: 'Matrix source nowhere', type: 'percent', commission: 10 },
  'affiliate-commissions-delete': { version: 1 },
  // UTM management (issue 10): `source` names no source of the caller's company, so create and apply stop at 400.
  'traffic-match': { rule: { 0: { type: 'equal', utm: 'utmSource', value: 'google' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign', value: '' } } },
  'traffic-rules-create': { source: 'matrix-missing-source', rule: { 0: { type: 'equal', utm: 'utmSource', value: 'google' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign', value: '' } } },
  'traffic-rules-apply': { source: 'matrix-missing-source', rule: { 0: { type: 'equal', utm: 'utmSource', value: 'google' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign', value: '' } } },
  'traffic-rules-delete': { version: 1 },
  // order feed (issue 12): the upload key is under no company's prefix, so the check stops at 404.
  'order-feed-upload': { fileName: 'matrix.xml', size: 100, type: 'xml' },
  'order-feed-check': { upload_key: 'feeds/matrix-missing/00000000-0000-4000-8000-000000000000.xml', type: 'xml' },
  // analytics (issue 11): the sandbox's denied property, so the probes change nothing (the answer is code 403).
  'analytics-utms': { view_id: '100002' },
  'analytics-access': { view_id: '100002' },
  'analytics-dimension': { view_id: '100002', dimension: '1' },
  'analytics-events': { view_id: '100002', dimension: '1', event_action: 'purchase' },
  // company API tokens (issue 34)
  'api-tokens-create': { name: 'Matrix token', days: 30 },
  'api-tokens-revoke': { version: 1 },
  'webhooks-create': { name: 'Matrix hook', url: 'https://hooks.example/matrix', format: 'json', events: ['feed-check.finished'] },
  'webhooks-rotate': { version: 1 },
  'webhooks-delete': { version: 1 },
  // a warning's lifecycle (issue 34): the matrix's companies have no bad kind, so the mute stops at 400
  'data-health-mute': { kind: 'feed', note: 'Matrix knows', days: 7 },
  // the caller's own mail preference: nothing of a company's
  'users-update-preferences': { healthAlerts: true },
};

/**
 * Write routes the matrix probes without a valid body, each with the reason: a valid body would change
 * the matrix's own callers for the rest of the run, and a test of its own covers the route.
 */
export const NO_MATRIX_BODY: Record<string, string> = {
  'users-change-current-company': "would move the caller's current company for every later probe; the matrix's own 'cannot switch to company' cases test it",
  'security-mfa-setup': "would enrol the caller's authenticator; admin-mfa.test.ts and security.test.ts test it",
  'security-mfa-setup-verify': "would enrol the caller's authenticator; admin-mfa.test.ts tests it",
  'security-mfa-remove': "would remove the caller's authenticator; admin-mfa.test.ts tests it",
};
