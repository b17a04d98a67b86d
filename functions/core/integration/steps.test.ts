import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { Counter, CounterKey } from '../../data/throttles';
import type { StepRecord } from '../../data/steps';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import type { ThrottleStore } from '../security/throttle';
import { changeStepStatus, getIntegrationStatus, sendAllowedEmail, sendValidation, VALIDATION_MAILS_PER_COMPANY, type Actor, type StepDeps } from './steps';

/** The Validate mail with fakes around it (the gateway runs it for real: test/integration/integration-status.test.ts). */

const company = { id: 'c1', name: 'Acme', product: '360', integrationSteps: ['collector'] } as unknown as CompanyRecord;
const actor = { user: { firstName: 'Jane', login: 'jane@acme.test' }, role: 'ROLE_USER' } as Actor;

/** Counters in memory, counted as the table store does (one per key, incremented). */
function memoryThrottle(): ThrottleStore {
  const counts = new Map<string, number>();
  const id = (key: CounterKey) => `${key.scope}|${key.subject}|${key.window}`;
  return {
    readCounter: async (key) => (counts.has(id(key)) ? ({ count: counts.get(id(key)) } as unknown as Counter) : null),
    countAttempt: async (key) => {
      const next = (counts.get(id(key)) ?? 0) + 1;
      counts.set(id(key), next);
      return next;
    },
    clearCounter: async (key) => void counts.delete(id(key)),
  };
}

function fakes(nowMs: () => number) {
  const deps: StepDeps = {
    listSteps: async () => [{ companyId: 'c1', stepType: 'collector', status: 'done', updated: null, version: 2 }],
    transitionStep: async () => null,
    countSources: async () => 0,
    latestReportWarnings: async () => null,
    lastAnalyticsChecks: async () => ({ access: null, dimension: null }),
    sendMail: vi.fn(async () => undefined),
    kickOutbox: vi.fn(async () => undefined),
    integrationMailbox: () => 'integration@portal.test',
    appUrl: () => 'https://portal.test',
    now: () => new Date(nowMs()),
    throttle: memoryThrottle(),
  };
  return deps;
}

describe('sendValidation', () => {
  it('mails the team at most VALIDATION_MAILS_PER_COMPANY.max times an hour; then 429 with the wait until the next hour', async () => {
    const hour = 3_600_000;
    let now = 1000 * hour + 10 * 60_000; // ten minutes into an hour
    const deps = fakes(() => now);
    for (let i = 0; i < VALIDATION_MAILS_PER_COMPANY.max; i++) expect(await sendValidation(company, actor, deps)).toEqual({ status: 'sent' });
    const refused = await sendValidation(company, actor, deps).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(50 * 60);
    expect(deps.sendMail).toHaveBeenCalledTimes(VALIDATION_MAILS_PER_COMPANY.max);
    // The next hour: one more.
    now += hour;
    expect(await sendValidation(company, actor, deps)).toEqual({ status: 'sent' });
    expect(deps.sendMail).toHaveBeenCalledTimes(VALIDATION_MAILS_PER_COMPANY.max + 1);
  });
});

/** Steps in a list the fakes change like the table's conditional write: only from the status read. */
function stepFakes(stored: StepRecord[], overrides: Partial<StepDeps> = {}) {
  const steps = stored.map((s) => ({ ...s }));
  // The mails the transitions recorded in the outbox (with the step, as the repository's transaction does).
  const teamMail = vi.fn();
  const deps: StepDeps = {
    ...fakes(() => Date.parse('2026-02-28T23:59:00Z')),
    listSteps: async () => steps.map((s) => ({ ...s })),
    transitionStep: vi.fn(async (_company, stepType, from, to, at, note, mails) => {
      const step = steps.find((s) => s.stepType === stepType);
      if (!step || step.status !== from) return null;
      Object.assign(step, { status: to, updated: at, version: step.version + 1, note });
      for (const mail of mails ?? []) teamMail(mail.payload);
      return { ...step };
    }),
    ...overrides,
  };
  return { deps, steps, teamMail };
}
const step = (stepType: StepRecord['stepType'], status: StepRecord['status'], extra: Partial<StepRecord> = {}): StepRecord => ({
  companyId: 'c1',
  stepType,
  status,
  updated: null,
  version: 1,
  ...extra,
});
const feedCompany = { id: 'c1', name: 'Acme', product: '360', integrationSteps: ['sources', 'status_feed', 'collector'] } as unknown as CompanyRecord;
const admin = { ...actor, role: 'ROLE_ADMIN' } as Actor;
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('getIntegrationStatus', () => {
  it('lists the steps in the company’s order, unknown ones last by name, and keeps a note only where there is one', async () => {
    const { deps } = stepFakes([step('utm_rules', 'TBD'), step('collector', 'done', { note: 'by hand' }), step('ga_access', 'TBD'), step('sources', 'TBD')]);
    const status = await getIntegrationStatus(feedCompany, deps);
    expect(status.steps.map((s) => s.stepType)).toEqual(['sources', 'collector', 'ga_access', 'utm_rules']);
    expect(status.steps[1]).toEqual({ stepType: 'collector', status: 'done', updated: null, note: 'by hand' });
    expect(status.steps[0]).not.toHaveProperty('note');
    expect(status).toMatchObject({ companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 0 });
  });

  it('orders by name when the company has no configured order', async () => {
    const { deps } = stepFakes([step('utm_rules', 'TBD'), step('collector', 'TBD')]);
    const status = await getIntegrationStatus({ ...feedCompany, integrationSteps: undefined } as unknown as CompanyRecord, deps);
    expect(status.steps.map((s) => s.stepType)).toEqual(['collector', 'utm_rules']);
  });

  it('counts the feed as checked only after a check whose warnings are all non-critical', async () => {
    const checked = async (warnings: string[] | null) => (await getIntegrationStatus(feedCompany, stepFakes([], { latestReportWarnings: async () => warnings }).deps)).feedChecked;
    expect(await checked(null)).toBe(false);
    expect(await checked([])).toBe(true);
  });
});

describe('changeStepStatus', () => {
  it('moves a step, answers the fresh status and mails the team once on done', async () => {
    const { deps, teamMail } = stepFakes([step('sources', 'TBD'), step('collector', 'TBD')]);
    const status = await changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done' }, deps);
    expect(status.steps.find((s) => s.stepType === 'collector')).toStrictEqual({ stepType: 'collector', status: 'done', updated: '2026-02-28T23:59:00.000Z' });
    expect(status.steps.find((s) => s.stepType === 'sources')?.status).toBe('TBD');
    expect(deps.transitionStep).toHaveBeenCalledWith('c1', 'collector', 'TBD', 'done', '2026-02-28T23:59:00.000Z', undefined, [expect.objectContaining({ topic: 'step-notification' })]);
    expect(teamMail).toHaveBeenCalledTimes(1);
    expect(teamMail).toHaveBeenCalledWith({
      to: 'integration@portal.test',
      template: 'step-notification',
      data: { user_firstname: 'Jane', url_integration: 'https://portal.test/dashboard', step_name: 'Collector', company_name: 'Acme', remark: '' },
    });
  });

  it('changes nothing and mails nothing when the step already has the status (a retry)', async () => {
    const { deps, teamMail } = stepFakes([step('collector', 'done')]);
    const status = await changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done' }, deps);
    expect(status.steps[0]!.status).toBe('done');
    expect(deps.transitionStep).not.toHaveBeenCalled();
    expect(teamMail).not.toHaveBeenCalled();
  });

  it('answers 404 for a step the company does not have', async () => {
    const { deps } = stepFakes([step('collector', 'TBD')]);
    expect(await failure(changeStepStatus(feedCompany, actor, { stepType: 'sources', status: 'done' }, deps))).toBeInstanceOf(NotFoundError);
  });

  it('refuses a user setting a done step back or touching not_mandatory (403), and a rule’s refusal with its reason (400)', async () => {
    const { deps } = stepFakes([step('collector', 'done'), step('sources', 'TBD'), step('status_feed', 'TBD')]);
    expect(await failure(changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'TBD' }, deps))).toBeInstanceOf(ForbiddenError);
    expect(await failure(changeStepStatus(feedCompany, actor, { stepType: 'sources', status: 'not_mandatory' }, deps))).toBeInstanceOf(ForbiddenError);
    const refused = await failure(changeStepStatus(feedCompany, actor, { stepType: 'sources', status: 'done' }, deps));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors).toEqual({ status: 'validation.step.noSources' });
    expect(deps.transitionStep).not.toHaveBeenCalled();
    // The facts reach the rules: with a source, the same change goes through.
    const withSource = stepFakes([step('sources', 'TBD')], { countSources: async () => 1 }).deps;
    expect((await changeStepStatus(feedCompany, actor, { stepType: 'sources', status: 'done' }, withSource)).steps[0]!.status).toBe('done');
  });

  it('lets an administrator mark a step not_mandatory, and mails nothing for it', async () => {
    const { deps, teamMail } = stepFakes([step('collector', 'TBD')]);
    expect((await changeStepStatus(feedCompany, admin, { stepType: 'collector', status: 'not_mandatory' }, deps)).steps[0]!.status).toBe('not_mandatory');
    expect(teamMail).not.toHaveBeenCalled();
  });

  it('answers 409 when someone else moved the step meanwhile to another status', async () => {
    // sources (first in the company's order) is already done: the re-read must look at the asked step.
    const { deps, steps, teamMail } = stepFakes([step('collector', 'TBD'), step('sources', 'done')]);
    const transition = deps.transitionStep;
    deps.transitionStep = async (...args) => {
      steps[0]!.status = 'not_mandatory'; // an administrator got there first
      return transition(...args);
    };
    expect(await failure(changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done' }, deps))).toBeInstanceOf(ConflictError);
    expect(teamMail).not.toHaveBeenCalled();
  });

  it('answers 409, not a crash, when the step was removed from the company meanwhile', async () => {
    const { deps, steps } = stepFakes([step('collector', 'TBD')]);
    deps.transitionStep = async () => {
      steps.splice(0, 1);
      return null;
    };
    expect(await failure(changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done' }, deps))).toBeInstanceOf(ConflictError);
  });

  it('drops the note when status_feed is set to anything but done, even "another way"', async () => {
    const { deps } = stepFakes([step('status_feed', 'TBD')]);
    const status = await changeStepStatus(feedCompany, admin, { stepType: 'status_feed', status: 'not_mandatory', otherConnection: true, note: 'SFTP' }, deps);
    expect(deps.transitionStep).toHaveBeenLastCalledWith('c1', 'status_feed', 'TBD', 'not_mandatory', expect.any(String), undefined, expect.any(Array));
    expect(status.steps[0]).not.toHaveProperty('note');
  });

  it('names the missing step and the administrator rule in its answers', async () => {
    const { deps } = stepFakes([step('collector', 'done')]);
    await expect(changeStepStatus(feedCompany, actor, { stepType: 'sources', status: 'done' }, deps)).rejects.toThrow('Acme has no step sources');
    await expect(changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'TBD' }, deps)).rejects.toThrow('Only an administrator may do this');
  });

  it('answers the fresh status, without a second mail, when a racing twin made the same change', async () => {
    const { deps, steps, teamMail } = stepFakes([step('collector', 'TBD')]);
    const transition = deps.transitionStep;
    deps.transitionStep = async (...args) => {
      steps[0]!.status = 'done'; // the twin request won
      steps[0]!.updated = 'twin';
      return transition(...args);
    };
    const status = await changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done' }, deps);
    expect(status.steps[0]).toMatchObject({ status: 'done', updated: 'twin' });
    expect(teamMail).not.toHaveBeenCalled();
  });

  it('keeps the note only for status_feed completed another way, and tells the team', async () => {
    const { deps, teamMail } = stepFakes([step('status_feed', 'TBD'), step('collector', 'TBD')]);
    const status = await changeStepStatus(feedCompany, actor, { stepType: 'status_feed', status: 'done', otherConnection: true, note: 'SFTP nightly' }, deps);
    expect(status.steps.find((s) => s.stepType === 'status_feed')).toMatchObject({ status: 'done', note: 'SFTP nightly' });
    expect(teamMail).toHaveBeenLastCalledWith(expect.objectContaining({ data: expect.objectContaining({ step_name: 'Order Feed', remark: 'The data comes another way. Their note: SFTP nightly' }) }));
    // Elsewhere a note is dropped.
    await changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done', otherConnection: true, note: 'ignored' }, deps);
    expect(deps.transitionStep).toHaveBeenLastCalledWith('c1', 'collector', 'TBD', 'done', expect.any(String), undefined, expect.any(Array));
  });

  it('says "no note" when status_feed is completed another way without one, and names the first name or else the login', async () => {
    const { deps, teamMail } = stepFakes([step('status_feed', 'TBD')]);
    const noName = { ...actor, user: { firstName: '', login: 'jane@acme.test' } } as Actor;
    await changeStepStatus(feedCompany, noName, { stepType: 'status_feed', status: 'done', otherConnection: true }, deps);
    expect(deps.transitionStep).toHaveBeenLastCalledWith('c1', 'status_feed', 'TBD', 'done', expect.any(String), '', expect.any(Array));
    expect(teamMail).toHaveBeenLastCalledWith(
      expect.objectContaining({ data: expect.objectContaining({ user_firstname: 'jane@acme.test', remark: 'The data comes another way (no note).' }) }),
    );
  });

  it('records the team\'s mail with the transition (one write), then kicks the dispatcher with its id', async () => {
    const { deps } = stepFakes([step('collector', 'TBD')]);
    const order: string[] = [];
    const transition = deps.transitionStep;
    deps.transitionStep = async (...args) => (order.push('transition'), transition(...args));
    deps.kickOutbox = vi.fn(async () => void order.push('kick'));
    await changeStepStatus(feedCompany, actor, { stepType: 'collector', status: 'done' }, deps);
    const recorded = vi.mocked(transition).mock.calls[0]![6]!;
    expect(recorded).toHaveLength(1);
    expect(deps.kickOutbox).toHaveBeenCalledWith([recorded[0]!.id]);
    expect(order).toEqual(['transition', 'kick']);
    // Not done: nothing recorded, nothing kicked.
    await changeStepStatus(feedCompany, admin, { stepType: 'collector', status: 'TBD' }, deps);
    expect(vi.mocked(transition).mock.calls[1]![6]).toEqual([]);
    expect(deps.kickOutbox).toHaveBeenCalledTimes(1);
  });
});

describe('sendValidation and sendAllowedEmail', () => {
  it('refuses while a step is still TBD, and sends nothing', async () => {
    const { deps } = stepFakes([step('collector', 'TBD')]);
    const refused = await failure(sendValidation(company, actor, deps));
    expect((refused as ValidationError).errors).toEqual({ template_id: 'validation.step.notComplete' });
    expect(deps.sendMail).not.toHaveBeenCalled();
  });

  it('mails the integration team its validation, with the company and the user', async () => {
    const deps = fakes(() => 0);
    await sendAllowedEmail(company, actor, { email: ' Integration@Portal.TEST ', template_id: 'integration-validation' }, deps);
    expect(deps.sendMail).toHaveBeenCalledWith({
      to: 'integration@portal.test',
      template: 'integration-validation',
      data: { user_firstname: 'Jane', url_integration: 'https://portal.test/dashboard', company_name: 'Acme' },
    });
  });

  it('sends to the integration team only, whatever the case or spaces of the configured mailbox', async () => {
    const deps = { ...fakes(() => 0), integrationMailbox: () => ' Integration@Portal.test ' };
    await sendAllowedEmail(company, actor, { email: 'integration@portal.TEST', template_id: 'integration-validation' }, deps);
    await expect(sendAllowedEmail(company, actor, { email: 'me@elsewhere.test', template_id: 'integration-validation' }, deps)).rejects.toThrow(
      'Mail goes to the integration team only',
    );
    expect(deps.sendMail).toHaveBeenCalledTimes(1);
  });

  it('sends to the integration team only', async () => {
    const deps = fakes(() => 0);
    expect(await failure(sendAllowedEmail(company, actor, { email: 'me@elsewhere.test', template_id: 'integration-validation' }, deps))).toBeInstanceOf(ForbiddenError);
    expect(deps.sendMail).not.toHaveBeenCalled();
  });
});
