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
import { createMeeting, listCompanyMeetings } from '../functions/core/meetings/meetings';
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
    viewId: '123456789',
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
      await transitionStep(company.id, stepType as StepType, 'TBD', status, new Date().toISOString());
    }
  }
  await seedMeetings(companies.acme.id);
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
