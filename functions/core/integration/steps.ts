import { isIntegrationComplete, REFUSAL_MESSAGES, statusChangeRefusal, stepNameFor } from '../../../shared/domain/integration';
import type { LastAnalyticsChecks } from '../../../shared/domain/analytics';
import type { IntegrationStatus, Role, StepStatus, StepType } from '../../../shared/domain/types';
import { hasCriticalWarning } from '../../../shared/feed/critical';
import * as analyticsChecksRepo from '../../data/analytics-checks';
import { latestReportWarnings } from '../../data/feed-checks';
import { countSources } from '../../data/sources';
import type { CompanyRecord } from '../../data/companies';
import * as stepsRepo from '../../data/steps';
import type { StepRecord } from '../../data/steps';
import type { UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { NewDelivery } from '../../data/outbox';
import { kickOutbox, mailDelivery, queueMail } from '../outbox/outbox';
import { capRetryAfterSeconds, tableThrottleStore, withinCap, type CapPolicy, type ThrottleStore } from '../security/throttle';

/**
 * The integration-step engine's server side: what the dashboard reads and the one function
 * through which every status changes, by a person (the update call) or by a check (analytics,
 * UTM rules, feed: `byCheck`). The rules are shared/domain/integration.ts; this applies them to
 * stored facts, makes the change conditional (exactly one of concurrent or repeated requests
 * moves a step) and notifies the integration team of each transition to done.
 */

export interface StepDeps {
  listSteps(companyId: string): Promise<StepRecord[]>;
  /** `mails`: recorded in the outbox in the transition's transaction (the team's mail). */
  transitionStep(companyId: string, stepType: StepType, from: StepStatus, to: StepStatus, at: string, note?: string, mails?: readonly NewDelivery[]): Promise<StepRecord | null>;
  countSources(companyId: string): Promise<number>;
  /** Warning keys of the newest feed check with a report; null when none finished. */
  latestReportWarnings(companyId: string): Promise<string[] | null>;
  /** What the last analytics checks showed (the analytics cards read it when the company has no ga_* step). */
  lastAnalyticsChecks(companyId: string): Promise<LastAnalyticsChecks>;
  sendMail: Mailer;
  kickOutbox(ids: readonly string[]): Promise<void>;
  integrationMailbox(): string;
  appUrl(): string;
  now(): Date;
  /** Counters of VALIDATION_MAILS_PER_COMPANY. */
  throttle: ThrottleStore;
}

/**
 * Validate mails per company and hour: the team needs one, a second look may send another, beyond
 * that a button held down (or a script) would flood the team's mailbox.
 */
export const VALIDATION_MAILS_PER_COMPANY: CapPolicy = { scope: 'validation-mail-company', windowSeconds: 60 * 60, max: 3 };

const defaults: StepDeps = {
  listSteps: stepsRepo.listSteps,
  transitionStep: stepsRepo.transitionStep,
  countSources,
  latestReportWarnings,
  lastAnalyticsChecks: analyticsChecksRepo.lastAnalyticsChecks,
  sendMail: queueMail,
  kickOutbox,
  integrationMailbox: () => env.integrationMailbox,
  appUrl: () => env.appUrl,
  now: () => new Date(),
  throttle: tableThrottleStore,
};

/** Steps in the company's configured order (analytics first), then any stored beyond it. */
function inCompanyOrder(company: CompanyRecord, steps: StepRecord[]): StepRecord[] {
  const order = company.integrationSteps ?? [];
  const rank = (s: StepRecord) => {
    const i = order.indexOf(s.stepType);
    return i === -1 ? order.length : i;
  };
  return [...steps].sort((a, b) => rank(a) - rank(b) || a.stepType.localeCompare(b.stepType));
}

export async function getIntegrationStatus(company: CompanyRecord, deps: StepDeps = defaults): Promise<IntegrationStatus> {
  const [steps, sourceCount, feedWarnings, analytics] = await Promise.all([
    deps.listSteps(company.id),
    deps.countSources(company.id),
    deps.latestReportWarnings(company.id),
    deps.lastAnalyticsChecks(company.id),
  ]);
  return {
    companyId: company.id,
    companyName: company.name,
    product: company.product,
    sourceCount,
    // status_feed by hand: after a check whose warnings are all non-critical (shared/feed/critical.ts).
    feedChecked: feedWarnings !== null && !hasCriticalWarning(feedWarnings),
    steps: inCompanyOrder(company, steps).map(({ stepType, status, updated, note }) => ({ stepType, status, updated, ...(note === undefined ? {} : { note }) })),
    analytics,
  };
}

export interface StatusChange {
  stepType: StepType;
  status: StepStatus;
  otherConnection?: boolean;
  /** With otherConnection: the user's word on how the data comes (kept with the step, sent to the team). */
  note?: string;
  /** Set by the checks of later issues (analytics, UTM, feed), never by the update call. */
  byCheck?: boolean;
}

export interface Actor {
  user: Pick<UserRecord, 'firstName' | 'login'>;
  role: Role;
}

/**
 * Changes one step of the company. Answers the company's fresh status. A repeated request (the
 * step already has the asked status) changes nothing and sends nothing: 200 with the same
 * status, so a retry after a lost answer is harmless. A refused change is a 400 whose `errors.status`
 * says why (admin-only changes: 403).
 */
export async function changeStepStatus(company: CompanyRecord, actor: Actor, change: StatusChange, deps: StepDeps = defaults): Promise<IntegrationStatus> {
  const before = await getIntegrationStatus(company, deps);
  const step = before.steps.find((s) => s.stepType === change.stepType);
  if (!step) throw new NotFoundError(`${company.name} has no step ${change.stepType}`);
  if (step.status === change.status) return before;
  const refusal = statusChangeRefusal(change.stepType, step.status, change.status, {
    role: actor.role,
    product: company.product,
    sourceCount: before.sourceCount,
    feedChecked: before.feedChecked,
    otherConnection: change.otherConnection,
    byCheck: change.byCheck,
  });
  if (refusal === 'admin-only-reset' || refusal === 'admin-only') throw new ForbiddenError('Only an administrator may do this');
  if (refusal) throw new ValidationError({ status: REFUSAL_MESSAGES[refusal] });

  // A note is kept only where it means something: status_feed completed another way.
  const note = change.otherConnection && change.stepType === 'status_feed' && change.status === 'done' ? (change.note ?? '') : undefined;
  const at = deps.now().toISOString();
  // The team's mail is recorded with the transition (one transaction), then sent: a step is never
  // done without its mail, and SES down delays the mail instead of failing the request.
  const mail = change.status === 'done' ? teamMail(company, actor, change.stepType, deps, note) : null;
  const moved = await deps.transitionStep(company.id, change.stepType, step.status, change.status, at, note, mail ? [mail] : []);
  if (!moved) {
    // Someone else changed it meanwhile: fine if they made the same change (a retry racing itself).
    const now = await getIntegrationStatus(company, deps);
    if (now.steps.find((s) => s.stepType === change.stepType)?.status === change.status) return now;
    throw new ConflictError();
  }
  if (mail) await deps.kickOutbox([mail.id]);
  // The status read before, with the step as the conditional write left it: no second read.
  return {
    ...before,
    steps: before.steps.map((s) =>
      s.stepType === moved.stepType ? { stepType: moved.stepType, status: moved.status, updated: moved.updated, ...(moved.note === undefined ? {} : { note: moved.note }) } : s,
    ),
  };
}

/** The step notification: to the integration team, once per transition to done (the winner of the conditional write records it). */
function teamMail(company: CompanyRecord, actor: Actor, stepType: StepType, deps: StepDeps, note?: string) {
  return mailDelivery(
    {
      to: deps.integrationMailbox(),
      template: 'step-notification',
      data: {
        user_firstname: actor.user.firstName || actor.user.login,
        url_integration: `${deps.appUrl()}/dashboard`,
        step_name: stepNameFor(stepType, company.product),
        company_name: company.name,
        // Completed without a feed: say so, with the user's note (the template shows an empty line otherwise).
        remark: note === undefined ? '' : note ? `The data comes another way. Their note: ${note}` : 'The data comes another way (no note).',
      },
    },
    'step-completion',
  );
}

/** The Validate button: the integration team hears that every step is complete. */
export async function sendValidation(company: CompanyRecord, actor: Actor, deps: StepDeps = defaults): Promise<{ status: 'sent' }> {
  const status = await getIntegrationStatus(company, deps);
  if (!isIntegrationComplete(status.steps)) throw new ValidationError({ template_id: 'validation.step.notComplete' });
  const now = deps.now().getTime();
  if (!(await withinCap(deps.throttle, VALIDATION_MAILS_PER_COMPANY, company.id, now))) throw new TooManyRequestsError(capRetryAfterSeconds(VALIDATION_MAILS_PER_COMPANY, now));
  await deps.sendMail({
    to: deps.integrationMailbox(),
    template: 'integration-validation',
    data: {
      user_firstname: actor.user.firstName || actor.user.login,
      url_integration: `${deps.appUrl()}/dashboard`,
      company_name: company.name,
    },
  });
  return { status: 'sent' };
}

/**
 * POST /api/email/send: the schema allows only the portal's own templates; the recipient may only
 * be the integration team's mailbox (which is also the default).
 */
export async function sendAllowedEmail(
  company: CompanyRecord,
  actor: Actor,
  request: { email?: string; template_id: 'integration-validation' },
  deps: StepDeps = defaults,
): Promise<{ status: 'sent' }> {
  if (request.email && request.email.trim().toLowerCase() !== deps.integrationMailbox().trim().toLowerCase()) {
    throw new ForbiddenError('Mail goes to the integration team only');
  }
  return sendValidation(company, actor, deps);
}
