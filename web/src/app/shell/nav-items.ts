import type { MessageId } from '../../i18n/t';
import { INSTRUCTION_NAMES } from '../pages';

export interface NavLinkItem {
  label: MessageId;
  to: string;
  children?: NavLinkItem[];
}
interface NavGroup {
  /** A heading without a page of its own (e.g. Marketing Costs). */
  heading: MessageId;
  children: NavLinkItem[];
}
export type NavEntry = NavLinkItem | NavGroup;

/** Top menu of the spec (Shell and navigation); the Admin entry is added for admins only. */
export const dataFlow: NavEntry[] = [
  {
    label: 'nav.googleAnalytics',
    to: '/analytics',
    children: [
      { label: 'nav.access', to: '/analytics/access' },
      { label: 'nav.customDimension', to: '/analytics/custom-dimension' },
    ],
  },
  // Spec: "Order feed with XML/CSV file" (the way the feed reaches us), as Marketing Costs holds Collector.
  { heading: 'nav.orderFeed', children: [{ label: 'nav.xmlCsvFile', to: '/crm/order-feed' }] },
  { heading: 'nav.marketingCosts', children: [{ label: 'nav.collector', to: '/marketing/collector' }] },
  // After onboarding: is the data above still flowing (docs/product.md, "Data health").
  { label: 'nav.dataHealth', to: '/data-health' },
  // The same data, pulled by the company's own tools (docs/auth.md, "API tokens").
  { label: 'route.apiTokens', to: '/company/api-tokens' },
  // Health changes and feed checks pushed to the company's own systems or Slack (docs/product.md, "Webhooks").
  { label: 'route.webhooks', to: '/company/webhooks' },
  // What changed in the company and who changed it (docs/product.md, "The company's history").
  { label: 'route.companyHistory', to: '/company/history' },
];

export const dataStructure: NavLinkItem[] = [
  { label: 'nav.sources', to: '/marketing/sources' },
  { label: 'nav.utmManagement', to: '/marketing/utm-management' },
  { label: 'nav.affiliateCommission', to: '/marketing/commissions' },
];

/** The Knowledge Base lists the instruction pages of the data platforms. */
export const knowledgeBase: NavLinkItem[] = INSTRUCTION_NAMES.map((name) => ({
  label: `route.instructions.${name}` satisfies MessageId,
  to: `/instructions/${name}`,
}));

export const adminItems: NavLinkItem[] = [
  { label: 'nav.agenda', to: '/agenda' },
  { label: 'nav.companies', to: '/admin/companies' },
  { label: 'nav.users', to: '/admin/users' },
  { label: 'nav.translations', to: '/admin/translations' },
  { label: 'nav.integrationStatus', to: '/admin/integration-status' },
  { label: 'nav.defaultCollectors', to: '/admin/default-collectors' },
  { label: 'nav.audit', to: '/admin/audit' },
  { label: 'nav.mail', to: '/admin/mail' },
];
