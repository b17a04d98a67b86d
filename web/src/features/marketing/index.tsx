// The marketing step pages share one lazy chunk (pages.tsx); one file per page.
export { SourcesPage } from './sources-page';
export { CollectorPage } from './collector-page';
export { UtmManagementPage } from './utm-management-page';
export { CommissionsPage } from './commissions-page';
export { area } from './area';
