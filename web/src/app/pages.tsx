import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import type { StepType } from 'shared/domain/types';
import { withArea, type MessageArea } from '../i18n/area';
import type { MessageId } from '../i18n/t';
import type { Crumb } from '../ui/breadcrumb';

/**
 * The portal's page table (both spec documents, section 2). Access:
 * - public: anyone; guest: signed-out only (/login: signed-in visitors are sent on);
 * - signed-in: any session, else /login?redirect=<full path>;
 * - admin: flagged admin-only; other signed-in users get the "Access denied" page.
 * The server enforces access again on every /api call; this only steers the UI.
 */
type PageAccess = 'public' | 'guest' | 'signed-in' | 'admin';

type Params = Readonly<Partial<Record<string, string>>>;

export interface PageDef {
  path: string;
  access: PageAccess;
  /** Route name: page title and last breadcrumb. Returns null for invalid parameters (-> /dashboard). */
  title: MessageId | ((params: Params) => MessageId | null);
  /** Parents shown before the page in the breadcrumb. */
  parents?: Crumb[];
  /** Found by the admin search box. */
  searchable?: boolean;
  /** No header (the sign-in page). */
  chromeless?: boolean;
  Component: PageComponent;
  /**
   * The menu decision, taken for every page: 'menu' when app/shell/nav-items.ts lists it, else why
   * not (how users reach it). pages.test.ts checks both ways.
   */
  menu: 'menu' | { off: string };
}

/** A page's lazy component, and how to start fetching its chunk before React asks for it. */
export type PageComponent = LazyExoticComponent<ComponentType> & { preload: () => void };

const preloadable = (component: LazyExoticComponent<ComponentType>, load: () => Promise<unknown>): PageComponent =>
  Object.assign(component, { preload: () => void load().catch(() => undefined) });
/**
 * A lazy page whose chunk can be fetched early (the module loader keeps the promise: React's later
 * import is the same one), inside the catalogues of `texts` (other areas' texts alone, none of their pages).
 */
const page = (load: () => Promise<{ default: ComponentType }>, ...texts: Array<() => Promise<{ area: MessageArea }>>) => {
  const all = () => Promise.all([load(), ...texts.map((text) => text())] as const);
  return preloadable(lazy(() => all().then(([module, ...others]) => ({ default: others.reduce((shown, other) => withArea(other.area, shown), module.default) }))), all);
};

// One lazy chunk per feature folder: the first route only loads its own feature. The admin area
// is the exception: one chunk per page, so a list page does not parse the edit pages' forms
// (Lighthouse on the admin pages, issue 30: the shared chunk was 25 KB gzip beside formik and yup).
const adminTexts = () => import('../features/admin/area');
const analytics = () => import('../features/analytics');
const marketing = () => import('../features/marketing');
const crm = () => import('../features/crm');
const dataHealth = () => import('../features/data-health');
const apiTokens = () => import('../features/api-tokens');
const webhooks = () => import('../features/webhooks');
/** An admin page, its own chunk inside the admin area's catalogue and `texts`. */
const adminPage = <M,>(load: () => Promise<M>, name: keyof M, ...texts: Array<() => Promise<{ area: MessageArea }>>) =>
  page(() => load().then((module) => ({ default: module[name] as ComponentType })), adminTexts, ...texts);
/** A page of a feature folder, inside its area's catalogue (i18n/area.tsx), and of `texts` (other areas' catalogues alone, none of their pages). */
const pick = <M extends { area: MessageArea }>(load: () => Promise<M>, name: keyof M, ...texts: Array<() => Promise<{ area: MessageArea }>>) =>
  page(() => load().then((module) => ({ default: withArea(module.area, module[name] as ComponentType) })), ...texts);
/** The audit history names the changed fields of sources, UTM rules, collectors and commissions with the marketing pages' own labels. */
const marketingTexts = () => import('../features/marketing/area');

const Home = page(() => import('../features/home/home-page'));
const Login = page(() => import('../features/auth/login-page'));
const PasswordReset = page(() => import('../features/password-reset/password-reset-page'));
/** The dashboard's health summary names each kind, its reason and its fix page with the data-health texts. */
/** The data-health kinds' names and reasons: the dashboard's card, a mute's audit record, the status report's muted kinds. */
const dataHealthTexts = () => import('../features/data-health/area');
const Dashboard = page(() => import('../features/dashboard/dashboard-page'), () => import('../features/dashboard/area'), dataHealthTexts);
const agendaTexts = () => import('../features/agenda/area');
const Agenda = page(() => import('../features/agenda/agenda-page'), agendaTexts);
const Profile = page(() => import('../features/profile/profile-page'));
const Instructions = page(() => import('../features/instructions/instructions-page'));
const OrderFeed = pick(crm, 'OrderFeedPage');
const MfaSetup = page(() => import('../features/auth/mfa-setup-page'), () => import('../features/auth/area'));
const CaseStudies = page(() => import('../features/home/case-studies-page'));

/** Instruction pages exist for these data platforms only (integration-steps spec, section 2). */
export const INSTRUCTION_NAMES = [
  'adobe_analytics',
  'matomo_analytics',
  'firebase_analytics',
  'piano_analytics',
  'salesforce_crm',
] as const satisfies readonly StepType[];
const isInstructionName = (name: string | undefined): name is (typeof INSTRUCTION_NAMES)[number] => (INSTRUCTION_NAMES as readonly (string | undefined)[]).includes(name);

const dashboard: Crumb = { label: 'route.dashboard', to: '/dashboard' };
const dataFlow: Crumb = { label: 'nav.dataFlow' };
const dataStructure: Crumb = { label: 'nav.dataStructure' };
const ga: Crumb = { label: 'route.analytics', to: '/analytics' };

export const pages: PageDef[] = [
  { path: '/', access: 'public', menu: { off: 'the public home: the logo leads there' }, title: 'route.home', Component: Home },
  { path: '/login', access: 'guest', menu: { off: 'signed-out visitors only' }, title: 'route.login', chromeless: true, Component: Login },
  { path: '/password-reset', access: 'public', menu: { off: 'reached from the sign-in page' }, title: 'route.passwordReset', Component: PasswordReset },
  { path: '/password-reset/:token', access: 'public', menu: { off: 'reached from the link of the reset mail' }, title: 'route.passwordReset', Component: PasswordReset },
  // The case-studies links' and Book a demo's default target (lib/site-links.ts).
  { path: '/case-studies', access: 'public', menu: { off: 'reached from the home page' }, title: 'route.caseStudies', Component: CaseStudies },
  { path: '/dashboard', access: 'signed-in', menu: { off: 'the logo and every breadcrumb lead there' }, title: 'route.dashboard', searchable: true, Component: Dashboard },
  { path: '/agenda', access: 'signed-in', menu: 'menu', title: 'route.agenda', parents: [dashboard], Component: Agenda },
  { path: '/mfa-setup', access: 'signed-in', menu: { off: 'reached from the profile and from an administrator sign-in' }, title: 'route.mfaSetup', parents: [dashboard], Component: MfaSetup },
  { path: '/user/profile', access: 'signed-in', menu: { off: 'in the user menu (user-menu.tsx)' }, title: 'route.profile', parents: [dashboard], Component: Profile },
  { path: '/admin/users', access: 'admin', menu: 'menu', title: 'route.adminUsers', parents: [dashboard], Component: adminPage(() => import('../features/admin/users-page'), 'UsersPage') },
  { path: '/admin/companies', access: 'admin', menu: 'menu', title: 'route.adminCompanies', parents: [dashboard], Component: adminPage(() => import('../features/admin/companies-page'), 'CompaniesPage') },
  {
    path: '/admin/:page/edit/:id',
    access: 'admin', menu: { off: 'reached from a row of its admin list' },
    title: ({ page }) => (page === 'users' ? 'route.adminEditUser' : page === 'companies' ? 'route.adminEditCompany' : null),
    parents: [dashboard],
    Component: adminPage(() => import('../features/admin/edit-page'), 'EditPage', marketingTexts, agendaTexts, dataHealthTexts),
  },
  { path: '/admin/translations', access: 'admin', menu: 'menu', title: 'route.adminTranslations', parents: [dashboard], Component: adminPage(() => import('../features/admin/translations-page'), 'TranslationsPage') },
  { path: '/admin/audit', access: 'admin', menu: 'menu', title: 'route.adminAudit', parents: [dashboard], Component: adminPage(() => import('../features/admin/audit-history'), 'AuditPage', marketingTexts, agendaTexts, dataHealthTexts) },
  { path: '/admin/mail', access: 'admin', menu: 'menu', title: 'route.adminMail', parents: [dashboard], Component: adminPage(() => import('../features/admin/mail-outbox-page'), 'MailOutboxPage') },
  { path: '/admin/integration-status', access: 'admin', menu: 'menu', title: 'route.adminIntegrationStatus', parents: [dashboard], Component: adminPage(() => import('../features/admin/integration-status-page'), 'IntegrationStatusPage', dataHealthTexts) },
  // The spec flags this one "signed in, searchable", not admin-only: the server decides what a non-admin may change.
  { path: '/admin/default-collectors', access: 'signed-in', menu: 'menu', title: 'route.adminDefaultCollectors', parents: [dashboard], searchable: true, Component: adminPage(() => import('../features/admin/default-collectors-page'), 'DefaultCollectorsPage') },
  {
    path: '/instructions/:name',
    access: 'signed-in', menu: 'menu',
    title: ({ name }) => (isInstructionName(name) ? (`route.instructions.${name}` satisfies MessageId) : null),
    parents: [dashboard, { label: 'nav.knowledgeBase' }],
    Component: Instructions,
  },
  { path: '/analytics', access: 'signed-in', menu: 'menu', title: 'route.analytics', parents: [dashboard, dataFlow], Component: pick(analytics, 'AnalyticsPage') },
  { path: '/analytics/access', access: 'signed-in', menu: 'menu', title: 'route.analyticsAccess', parents: [dashboard, dataFlow, ga], Component: pick(analytics, 'AnalyticsAccessPage') },
  { path: '/analytics/custom-dimension', access: 'signed-in', menu: 'menu', title: 'route.analyticsCustomDimension', parents: [dashboard, dataFlow, ga], Component: pick(analytics, 'CustomDimensionPage') },
  { path: '/data-health', access: 'signed-in', menu: 'menu', title: 'route.dataHealth', parents: [dashboard, dataFlow], Component: pick(dataHealth, 'DataHealthPage') },
  { path: '/company/history', access: 'signed-in', menu: 'menu', title: 'route.companyHistory', parents: [dashboard, dataFlow], Component: adminPage(() => import('../features/admin/audit-history'), 'CompanyHistoryPage', marketingTexts, agendaTexts, dataHealthTexts) },
  { path: '/company/api-tokens', access: 'signed-in', menu: 'menu', title: 'route.apiTokens', parents: [dashboard, dataFlow], Component: pick(apiTokens, 'ApiTokensPage') },
  { path: '/company/webhooks', access: 'signed-in', menu: 'menu', title: 'route.webhooks', parents: [dashboard, dataFlow], Component: pick(webhooks, 'WebhooksPage') },
  { path: '/crm/order-feed', access: 'signed-in', menu: 'menu', title: 'route.orderFeed', parents: [dashboard], Component: OrderFeed },
  // The fix page each feed warning of the report links to. The key list stays out of the entry chunk: the page sends an unknown key to /dashboard.
  {
    path: '/crm/order-feed/warnings/:key',
    access: 'signed-in', menu: { off: 'reached from a warning of the order-feed page' },
    title: ({ key }) => (/^[a-z][A-Za-z]{1,60}$/.test(key ?? '') ? 'route.feedWarning' : null),
    parents: [dashboard, { label: 'route.orderFeed', to: '/crm/order-feed' }],
    Component: pick(crm, 'FeedWarningPage'),
  },
  { path: '/marketing/sources', access: 'signed-in', menu: 'menu', title: 'route.sources', parents: [dashboard, dataStructure], Component: pick(marketing, 'SourcesPage') },
  { path: '/marketing/collector', access: 'signed-in', menu: 'menu', title: 'route.collector', parents: [dashboard, dataFlow], Component: pick(marketing, 'CollectorPage') },
  { path: '/marketing/utm-management', access: 'signed-in', menu: 'menu', title: 'route.utmManagement', parents: [dashboard, dataStructure], Component: pick(marketing, 'UtmManagementPage') },
  { path: '/marketing/commissions', access: 'signed-in', menu: 'menu', title: 'route.commissions', parents: [dashboard, dataStructure], Component: pick(marketing, 'CommissionsPage') },
];

/** Title id of a page for given parameters (null: invalid parameters). */
export const pageTitle = (page: PageDef, params: Params): MessageId | null =>
  typeof page.title === 'function' ? page.title(params) : page.title;

/**
 * Starts fetching the chunk of the page at `pathname` as the app starts, alongside the session
 * read (/api/users/current), instead of after it: one round trip less before the first page
 * shows on a slow phone connection (npm run bench:pages).
 */
export function preloadPage(pathname: string): void {
  pages.find((candidate) => matchPath(candidate.path, pathname))?.Component.preload();
}
