import type { AuditKind } from 'shared/domain/types';
import type { MessageId } from '../../i18n/t';

/**
 * The label of a recorded field (functions/data/audit.ts records the stored names: `firstName`,
 * `companyId`...) in the user's language: the label the portal's own form or column gives that
 * field, so the history reads as the pages do (the marketing pages' labels come with the audit
 * pages: app/pages.tsx); the `audit.field.*` ids for what no page labels. A field without one
 * (a translation's `<locale>.<id>`, something a later version stores) keeps its raw name.
 */
const COMMON: Record<string, MessageId> = {
  accessEmail: 'defaultCollectors.accessEmail',
  comment: 'collector.comment',
};

const BY_KIND: Partial<Record<AuditKind, Record<string, MessageId>>> = {
  user: {
    login: 'adminUsers.field.login',
    firstName: 'adminUsers.field.firstName',
    lastName: 'adminUsers.field.lastName',
    roles: 'adminUsers.field.role',
    companyId: 'adminUsers.field.company',
    managedCompanyIds: 'adminUsers.field.managedCompanies',
    currentCompanyId: 'audit.field.currentCompany',
    mfaEnrolled: 'adminUsers.mfa.title',
    mfaEnrolledAt: 'audit.field.mfaEnrolledAt',
    healthAlerts: 'profile.alerts',
    lastSignInAt: 'adminUsers.column.lastSignIn',
    mailSuppression: 'audit.field.mailSuppression',
    deletedAt: 'audit.field.deletedAt',
  },
  company: {
    name: 'companies.field.name',
    product: 'companies.field.product',
    country: 'companies.field.country',
    viewId: 'companies.field.viewId',
    dimensionIndex: 'companies.field.dimensionIndex',
    orderFeedUrl: 'companies.field.orderFeedUrl',
    matchThreshold: 'companies.field.matchThreshold',
    volumeDropThreshold: 'companies.field.volumeDropThreshold',
    orderFeedHostKey: 'audit.field.orderFeedHostKey',
    integrationSteps: 'companies.steps.options',
    isDefault: 'audit.field.isDefault',
    deletingAt: 'audit.field.deletingAt',
  },
  step: { stepType: 'statusReport.col.step', status: 'statusReport.col.status', note: 'statusReport.col.note' },
  'default-collector': { name: 'defaultCollectors.name', type: 'defaultCollectors.type' },
  source: {
    name: 'sources.name',
    channel: 'sources.channel',
    businessModel: 'sources.businessModel',
    deduplication: 'sources.deduplication',
    utmSource: 'sources.utmSource',
    utmMedium: 'sources.utmMedium',
    utmCampaign: 'sources.utmCampaign',
    agency: 'sources.agency',
  },
  rule: { sourceId: 'utm.form.source', rule: 'utm.form.label' },
  collector: {
    source: 'collector.source',
    accessEmail: 'collector.accessEmail',
    commentStatus: 'collector.commentStatus',
    configStatus: 'collector.configStatus',
    collectStatus: 'collector.collectStatus',
  },
  commission: { sourceName: 'commissions.source', sourceId: 'commissions.source', type: 'commissions.type', commission: 'commissions.commission' },
  meeting: { name: 'agenda.nameLabel', duration: 'agenda.durationLabel', datetime: 'agenda.datetimeLabel' },
  // The data-health area's labels (its catalogue comes with the audit pages: app/pages.tsx).
  'health-mute': { kind: 'dataHealth.mute.kind', note: 'dataHealth.mute.note', until: 'dataHealth.mute.until', status: 'dataHealth.mute.status', end: 'dataHealth.mute.endedBy' },
};

export const auditFieldLabel = (kind: AuditKind, field: string): MessageId | null => BY_KIND[kind]?.[field] ?? COMMON[field] ?? null;

/**
 * Fields whose stored values are codes the pages show in words: the prefix of each value's
 * catalogue id (`user.role.ROLE_ADMIN`, `step.status.done`...). A value without an id stays as stored.
 */
const VALUE_PREFIXES: Partial<Record<AuditKind, Record<string, string>>> = {
  user: { roles: 'user.role.' },
  company: { product: 'product.', integrationSteps: 'step.name.' },
  step: { status: 'step.status.', stepType: 'step.name.' },
  collector: { configStatus: 'collector.status.', collectStatus: 'collector.status.' },
  commission: { type: 'commissions.type.' },
  meeting: { duration: 'agenda.duration.' },
  'default-collector': { type: 'defaultCollectors.type.' },
  'health-mute': { kind: 'dataHealth.kind.', status: 'healthStatus.', end: 'dataHealth.mute.end.' },
};

export const auditValueId = (kind: AuditKind, field: string, value: string): string | null => {
  const prefix = VALUE_PREFIXES[kind]?.[field];
  return prefix ? `${prefix}${value}` : null;
};
