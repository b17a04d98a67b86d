// Admin screens share one lazy chunk (pages.tsx); one file per page, a placeholder until its issue lands.
export { UsersPage } from './users-page';
export { CompaniesPage } from './companies-page';
export { EditPage } from './edit-page';
export { TranslationsPage } from './translations-page';
export { IntegrationStatusPage } from './integration-status-page';
export { DefaultCollectorsPage } from './default-collectors-page';
export { AuditPage, CompanyHistoryPage } from './audit-history';
export { MailOutboxPage } from './mail-outbox-page';
export { area } from './area';
