/** API tokens area (/company/api-tokens): English, the reference for this area's ids; fr.ts and ru.ts hold the same ids. */
export const en = {
  'apiTokens.lead': 'An API token lets your own tools (a BI dashboard, a script) read your company’s data health, feed checks, steps and sources. It can read nothing else and change nothing.',
  'apiTokens.createTitle': 'New token',
  'apiTokens.name': 'Name',
  'apiTokens.lifetime': 'Valid for',
  'apiTokens.days': '{days, plural, one {# day} other {# days}}',
  'apiTokens.create': 'Create the token',
  'apiTokens.createdTitle': 'Token “{name}” created',
  'apiTokens.createdOnce': 'Copy it now: it is shown this once. We keep only a fingerprint of it, so nobody can show it to you again.',
  'apiTokens.secret': 'Token',
  'apiTokens.usage': 'Send it in the {header} header of each request.',
  'apiTokens.copy': 'Copy',
  'apiTokens.copied': 'Copied',
  'apiTokens.done': 'I have copied it',
  'apiTokens.tableTitle': 'Your company’s tokens',
  'apiTokens.empty': 'No token yet.',
  'apiTokens.created': 'Created',
  'apiTokens.expires': 'Expires',
  'apiTokens.expired': 'Expired',
  'apiTokens.lastUsed': 'Last used',
  'apiTokens.neverUsed': 'Never',
  'apiTokens.actions': 'Actions',
  'apiTokens.revoke': 'Revoke',
  'apiTokens.revokeLabel': 'Revoke {name}',
  'apiTokens.revokeConfirm': 'Revoke the token “{name}”?',
  'apiTokens.revokeDescription': 'The tools that use it stop getting data at once. This cannot be undone.',
  'apiTokens.revoked': 'Token “{name}” revoked.',
  'apiTokens.actionFailed': 'The token could not be changed: {error}',
  'validation.apiToken.nameTooLong': 'Use at most 80 characters',
  'validation.apiToken.days': 'Choose 30, 90 or 365 days',
  'validation.apiToken.tooMany': 'Your company has 20 tokens: revoke one first',
} as const;

type Ids = typeof en;
declare module '../../../i18n/messages/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessageIds extends Ids {}
}
