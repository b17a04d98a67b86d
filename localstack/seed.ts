/**
 * Demo data of a fresh local stack (also used by the integration tests): the platform team
 * company, two customer companies and one user per role, through the same repositories and
 * Cognito calls the portal uses. Safe to run again: what exists is kept, passwords are reset.
 * The logins and passwords are printed by `npm start` and listed in docs/auth.md.
 */
import { createCompany, findCompanyByName, type CompanyRecord, type NewCompany } from '../functions/data/companies';
import { createUser, findUserByLogin, type UserRecord } from '../functions/data/users';
import { createIdentity, getIdentity, setPassword } from '../functions/platform/users-admin';
import { transitionStep } from '../functions/data/steps';
import { ensureDefaultCollectors } from './seed-default-collectors';
import { DEMO_TRAFFIC, seedTraffic } from './seed-traffic';
import { SANDBOX_PROPERTIES } from '../functions/core/analytics/sandbox-provider';
import { createMeeting, listCompanyMeetings } from '../functions/core/meetings/meetings';
import { createCollector, listCompanyCollectors } from '../functions/core/collectors/collectors';
import { randomUUID } from 'node:crypto';
import { createSource, listCompanySources } from '../functions/core/sources/sources';
import type { SourceCreateRequest } from '../shared/schemas/sources';
import type { Role, StepStatus, StepType } from '../shared/domain/types';

export interface SeededLogin {
  role: string;
  login: string;
  password: string;
  company: string;
}

/** The platform's own company: the default company, which cannot be deleted. */
export const TEAM_COMPANY: NewCompany = { name: 'Portal Team', product: '360', country: 'FR', isDefault: true };
export const DEMO_COMPANIES = {
  acme: {
    name: 'Acme Retail',
    product: '360',
    country: 'FR',
    // The sandbox's property set up well (functions/core/analytics/sandbox-provider.ts): its access and
    // dimension 1 agree with the completed Google Analytics step below and with the data health.
    viewId: SANDBOX_PROPERTIES.success,
    dimensionIndex: '1',
    integrationSteps: ['google_analytics', 'matomo_analytics', 'sources', 'collector', 'status_feed', 'salesforce_crm'],
  },
  globex: { name: 'Globex Affiliates', product: 'affiliate', country: 'RU' },
} satisfies Record<string, NewCompany>;

/**
 * The dashboard of a fresh stack shows something real: Acme is nearly complete (every status,
 * two steps left that a customer completes by hand: collector and the Salesforce instruction
 * page), Globex has just started (nothing done). Applied only to steps still TBD, so a run
 * after changes keeps them.
 */
export const DEMO_STEP_STATUSES: Partial<Record<keyof typeof DEMO_COMPANIES, Partial<Record<StepType, StepStatus>>>> = {
  acme: { google_analytics: 'done', sources: 'done', status_feed: 'done', matomo_analytics: 'not_mandatory' },
};
/**
 * Acme stores no feed URL (none a fresh laptop could fetch), so its completed feed step is the
 * spec's "orders come another way", with the customer's note, as the feed page completes it: the
 * data health's "no feed URL" then agrees with it.
 */
const DEMO_STEP_NOTES: Partial<Record<keyof typeof DEMO_COMPANIES, Partial<Record<StepType, string>>>> = {
  acme: { status_feed: 'Our orders are sent through the shop platform’s API.' },
};

interface DemoUser {
  login: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  company: 'team' | keyof typeof DEMO_COMPANIES;
  managed?: Array<keyof typeof DEMO_COMPANIES>;
  /** A temporary password: the first sign-in asks for a new one (demo of that flow). */
  temporary?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { login: 'admin@portal.test', password: 'Admin-pass-1', role: 'ROLE_ADMIN', firstName: 'Ada', lastName: 'Admin', company: 'team' },
  {
    login: 'manager@portal.test',
    password: 'Manager-pass-1',
    role: 'ROLE_MANAGER',
    firstName: 'Max',
    lastName: 'Manager',
    company: 'acme',
    managed: ['acme', 'globex'],
  },
  { login: 'customer@acme.test', password: 'Acme-pass-123', role: 'ROLE_USER', firstName: 'Claire', lastName: 'Martin', company: 'acme' },
  { login: 'customer@globex.test', password: 'Globex-pass-1', role: 'ROLE_USER', firstName: 'Ivan', lastName: 'Petrov', company: 'globex' },
  {
    login: 'newcomer@acme.test',
    password: 'Welcome-pass-1',
    role: 'ROLE_USER',
    firstName: 'Nina',
    lastName: 'Newcomer',
    company: 'acme',
    temporary: true,
  },
];

export async function ensureCompany(input: NewCompany): Promise<CompanyRecord> {
  return (await findCompanyByName(input.name)) ?? createCompany(input);
}

/** Creates the Cognito identity and the user record if missing, then (re)sets the password. */
export async function ensureUser(
  input: Omit<DemoUser, 'company' | 'managed'> & { companyId: string; managedCompanyIds?: string[] },
): Promise<UserRecord> {
  const login = input.login.toLowerCase();
  let user = await findUserByLogin(login);
  if (!user) {
    const identity = (await getIdentity(login)) ?? (await createIdentity(login, input.password, input.role));
    user = await createUser({
      id: identity.sub,
      login,
      cognitoUsername: identity.username,
      firstName: input.firstName,
      lastName: input.lastName,
      roles: [input.role],
      companyId: input.companyId,
      managedCompanyIds: input.managedCompanyIds?.length ? input.managedCompanyIds : [input.companyId],
    });
  }
  await setPassword(user.cognitoUsername, input.password, !input.temporary);
  return user;
}

/**
 * Acme's agenda shows something real: one past meeting, the next one, and a later one whose name
 * carries a '(J+7)' marker (cut from calendar titles). Times relative to today, 10:00 UTC; only
 * when Acme has no meeting yet, so a run after changes keeps them.
 */
export const DEMO_MEETINGS = [
  { name: 'Kick-off', duration: '1h', daysFromToday: -3 },
  { name: 'Tracking review', duration: '45m', daysFromToday: 2 },
  { name: 'Data quality check (J+7)', duration: '30m', daysFromToday: 9 },
] as const;

async function seedMeetings(companyId: string): Promise<void> {
  if ((await listCompanyMeetings(companyId)).length > 0) return;
  const today = new Date();
  for (const meeting of DEMO_MEETINGS) {
    const at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + meeting.daysFromToday, 10);
    await createMeeting(companyId, { name: meeting.name, duration: meeting.duration, datetime: new Date(at).toISOString() });
  }
}

/** Acme's collector page shows something real: one collector set up and collecting, one under way (only when it has none). */
async function seedCollectors(companyId: string): Promise<void> {
  if ((await listCompanyCollectors(companyId, { limit: '1' })).collectors.length > 0) return;
  await createCollector(companyId, {
    source: 'Google Ads', accessEmail: 'ads-access@portal.example', comment: 'Read access given through the MCC link.',
    commentStatus: 'Costs arrive daily.', configStatus: 'Yes', collectStatus: 'Yes',
  });
  await createCollector(companyId, {
    source: 'Meta Ads', accessEmail: 'meta-access@portal.example', comment: 'Partner request sent in Business Manager.',
    commentStatus: 'Waiting for the partner request to be accepted.', configStatus: 'Ongoing', collectStatus: 'No',
  });
}

/** The sources pages show something real: Acme (360) a typical paid mix, Globex (affiliate) two CPO networks. */
export const DEMO_SOURCES: Record<'acme' | 'globex', Array<Omit<SourceCreateRequest, 'id'>>> = {
  acme: [
    { name: 'Google Ads', channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: 'google', utmMedium: 'cpc', utmCampaign: '', agency: 'Blue Media' },
    { name: 'Meta Ads', channel: 'Paid Social', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: 'facebook', utmMedium: 'paid_social', utmCampaign: '', agency: '' },
    { name: 'Criteo', channel: 'Retargeting', businessModel: 'CPO', deduplication: 'Post Click', utmSource: 'criteo', utmMedium: 'display', utmCampaign: '', agency: '' },
    { name: 'Awin', channel: 'Affiliate', businessModel: 'CPO', deduplication: 'Last Click', utmSource: 'awin', utmMedium: 'affiliate', utmCampaign: '', agency: '' },
    { name: 'Newsletter', channel: 'Email', businessModel: 'Free', deduplication: 'Last Paid Click', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: '', agency: '' },
  ],
  globex: [
    { name: 'Admitad', channel: 'Affiliate', businessModel: 'CPO', deduplication: 'Last Paid Click', utmSource: 'admitad', utmMedium: 'cpa', utmCampaign: '', agency: '' },
    { name: 'Cityads', channel: 'Affiliate', businessModel: 'CPO', deduplication: 'Last Click', utmSource: 'cityads', utmMedium: 'cpa', utmCampaign: '', agency: '' },
  ],
};

/** Only when the company has no source yet (a re-run keeps what the demo user changed). */
async function seedSources(company: CompanyRecord, sources: Array<Omit<SourceCreateRequest, 'id'>>): Promise<void> {
  if ((await listCompanySources(company.id, { limit: '1' })).sources.length > 0) return;
  for (const source of sources) await createSource(company, { id: randomUUID(), ...source });
}

export async function seed(env: Record<string, string>): Promise<SeededLogin[]> {
  // The repositories and clients read process.env (lazily): point them at this stack.
  Object.assign(process.env, env);
  const companies = {
    team: await ensureCompany(TEAM_COMPANY),
    acme: await ensureCompany(DEMO_COMPANIES.acme),
    globex: await ensureCompany(DEMO_COMPANIES.globex),
  };
  for (const [key, statuses] of Object.entries(DEMO_STEP_STATUSES)) {
    const company = companies[key as keyof typeof DEMO_COMPANIES];
    for (const [stepType, status] of Object.entries(statuses)) {
      await transitionStep(company.id, stepType as StepType, 'TBD', status, new Date().toISOString(), DEMO_STEP_NOTES[key as keyof typeof DEMO_COMPANIES]?.[stepType as StepType]);
    }
  }
  await seedMeetings(companies.acme.id);
  await seedCollectors(companies.acme.id);
  await seedSources(companies.acme, DEMO_SOURCES.acme);
  await seedSources(companies.globex, DEMO_SOURCES.globex);
  // Acme's demo traffic stands for an import from its property (the UTM page shows when); Globex has no View ID: no import.
  await seedTraffic(companies.acme.id, DEMO_TRAFFIC.acme, { sourceName: 'Google Ads', value: 'brand' }, companies.acme.viewId);
  await seedTraffic(companies.globex.id, DEMO_TRAFFIC.globex);
  await ensureDefaultCollectors();
  const seeded: SeededLogin[] = [];
  for (const demo of DEMO_USERS) {
    const { company, managed, ...rest } = demo;
    await ensureUser({
      ...rest,
      companyId: companies[company].id,
      managedCompanyIds: managed?.map((key) => companies[key].id),
    });
    seeded.push({
      role: demo.temporary ? `${demo.role} (temporary password)` : demo.role,
      login: demo.login,
      password: demo.password,
      company: companies[company].name,
    });
  }
  return seeded;
}
