import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { Link } from 'react-router-dom';
import { isIntegrationComplete, progressColour, progressPercent, sortSteps, stepDisplay, type StepDisplay } from 'shared/domain/integration';
import type { IntegrationStatus, StepType } from 'shared/domain/types';
import { emailSend, integrationStatusList, integrationStatusUpdate } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { fieldMessageId } from '../../lib/api/error-message';
import { isAdmin, useCurrentUser } from '../../lib/api/session';
import { mutateRoute, routeKey, useRoute } from '../../lib/api/use-route';
import { STEP_PAGES, stepNameId, stepStatusId } from '../../lib/steps';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { ConfirmDialog, Dialog } from '../../ui/dialog';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { TodoList } from '../../ui/todo-list';
import { Greeting } from './greeting';
import { HealthSummary } from './health-summary';
import { NextMeetingCard } from './next-meeting';
import { Reviews } from './reviews';
import './dashboard.css';
import { ErrorText } from '../../ui/error-text';

const TONE: Record<StepDisplay, string> = { TBD: 'todo', in_process: 'progress', done: 'done', not_mandatory: 'muted' };

/** Key of the browser's own "this integration was verified" marker (spec: stored locally). */
const verifiedKey = (companyId: string) => `portal.verified.${companyId}`;

export default function DashboardPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const { data, error, mutate } = useRoute(integrationStatusList);
  return (
    <div className="page dashboard">
      <PageHeading>{user && <Greeting firstName={user.firstName} />}</PageHeading>
      <div className="dashboard-layout">
        <div className="dashboard-main">
          {error ? (
            <Callout tone="danger" title={<T id="dashboard.loadFailed" />}>
              <ErrorText error={error} />
            </Callout>
          ) : !data ? (
            <div className="dashboard-loading">
              <Spinner />
            </div>
          ) : (
            <Steps status={data} admin={isAdmin(user)} onChange={(next) => mutate(next, { revalidate: false })} />
          )}
        </div>
        <aside className="dashboard-side" aria-label={t('dashboard.sideLabel')}>
          <NextMeetingCard />
          {user && <TodoList userId={user.id} />}
          <Reviews />
        </aside>
      </div>
    </div>
  );
}

function Steps({ status, admin, onChange }: { status: IntegrationStatus; admin: boolean; onChange: (next: IntegrationStatus) => void }) {
  const t = useT();
  const percent = progressPercent(status.steps);
  const colour = progressColour(percent);
  const complete = isIntegrationComplete(status.steps);
  const facts = { product: status.product, sourceCount: status.sourceCount };
  const [verified, setVerified] = useState(() => readVerified(status.companyId));
  return (
    <>
      <Card className="progress-card">
        <div className="progress-head">
          <h2 className="card-heading">
            <T id="dashboard.progress" />
          </h2>
          <span className={`progress-value progress-${colour}`}>
            <T id="dashboard.percent" values={{ value: percent / 100 }} />
          </span>
        </div>
        <div
          className={`progress-bar progress-${colour}`}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('dashboard.progress')}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <ol className="step-blocks" aria-label={t('dashboard.stepBlocks')}>
          {status.steps.map((step) => (
            <li key={step.stepType} className={`step-block step-block-${TONE[stepDisplay(step, facts)]}`}>
              <span aria-hidden="true">{step.status === 'done' ? '✓' : ''}</span>
              <span className="visually-hidden">
                <T id="common.labelled" values={{ label: <T id={stepNameId(step.stepType, status.product)} />, text: <T id={stepStatusId(stepDisplay(step, facts))} /> }} />
              </span>
            </li>
          ))}
        </ol>
        <ValidateButton status={status} complete={complete} verified={verified} onVerified={() => setVerified(true)} />
      </Card>
      {/* After Validate the data keeps flowing, or not: the daily checks' summary (features/data-health). */}
      {verified && <HealthSummary />}

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="section-heading">
          <T id="dashboard.steps" />
        </h2>
        {status.steps.length === 0 ? (
          <p className="muted">
            <T id="dashboard.noSteps" />
          </p>
        ) : (
          <ul className="step-grid">
            {sortSteps(status.steps).map((step) => (
              <StepCard key={step.stepType} step={step} display={stepDisplay(step, facts)} product={status.product} admin={admin} onChange={onChange} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StepCard({
  step,
  display,
  product,
  admin,
  onChange,
}: {
  step: IntegrationStatus['steps'][number];
  display: StepDisplay;
  product: string;
  admin: boolean;
  onChange: (next: IntegrationStatus) => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // Setting a customer's completed step back is asked first (spec: a confirmation before changes that undo work).
  const [confirming, setConfirming] = useState(false);
  const reset = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await mutateRoute(integrationStatusUpdate, { body: { stepType: step.stepType, status: 'TBD' } }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const action: Record<StepDisplay, Parameters<typeof T>[0]['id']> = {
    TBD: 'dashboard.action.start',
    in_process: 'dashboard.action.continue',
    done: 'dashboard.action.open',
    not_mandatory: 'dashboard.action.open',
  };
  return (
    <li className={`step-card step-tone-${TONE[display]}`}>
      <div className="step-card-top">
        <h3 className="step-card-name" id={`step-${step.stepType}-name`}>
          <T id={stepNameId(step.stepType as StepType, product)} />
        </h3>
        <span className={`badge badge-${TONE[display]}`}>
          <T id={stepStatusId(display)} />
        </span>
      </div>
      <p className="muted step-card-updated">
        <T id="dashboard.updated" />{' '}
        {step.updated ? <DateText value={step.updated} /> : '-'}
      </p>
      <div className="step-card-actions">
        {/* Named with the step ("Start Sources"): a list of eight "Start" links says nothing to a screen reader. */}
        <Link className="btn btn-secondary btn-sm" to={STEP_PAGES[step.stepType]} aria-labelledby={`step-${step.stepType}-action step-${step.stepType}-name`}>
          <span id={`step-${step.stepType}-action`}>
            <T id={action[display]} />
          </span>
        </Link>
        {admin && step.status === 'done' && (
          <Button variant="ghost" className="btn-sm" loading={busy} onClick={() => setConfirming(true)} aria-labelledby={`step-${step.stepType}-reset step-${step.stepType}-name`}>
            <span id={`step-${step.stepType}-reset`}>
              <T id="dashboard.resetStatus" />
            </span>
          </Button>
        )}
      </div>
      {failure !== null && (
        <Callout tone="danger">
          <ErrorText error={failure} />
        </Callout>
      )}
      <ConfirmDialog
        open={confirming}
        message={<T id="dashboard.resetConfirm" values={{ step: t(stepNameId(step.stepType as StepType, product)) }} />}
        description={<T id="dashboard.resetConfirmText" />}
        confirmLabel={<T id="dashboard.resetStatus" />}
        busy={busy}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

function readVerified(companyId: string): boolean {
  try {
    return localStorage.getItem(verifiedKey(companyId)) !== null;
  } catch {
    return false;
  }
}

function ValidateButton({ status, complete, verified, onVerified }: { status: IntegrationStatus; complete: boolean; verified: boolean; onVerified: () => void }) {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The button is disabled while the mail goes, so the focus left it: it comes back when the dialog closes.
  const wrap = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) wrap.current?.querySelector<HTMLButtonElement>('button')?.focus();
    wasOpen.current = open;
  }, [open]);
  const validate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await mutateRoute(emailSend, { body: { template_id: 'integration-validation' } });
      try {
        localStorage.setItem(verifiedKey(status.companyId), new Date().toISOString());
      } catch {
        // Storage unavailable: the team has been told all the same.
      }
      onVerified();
      setOpen(true);
    } catch (error) {
      setFailure(error);
      // Refused because a step is no longer done (someone reset it meanwhile): show the steps as they are.
      if (error instanceof ApiError && error.status === 400) void mutate(routeKey(integrationStatusList));
    } finally {
      setBusy(false);
    }
  };
  // A refusal naming its reason (validation.step.notComplete) says it; anything else, the generic text.
  const refusal = failure instanceof ApiError ? Object.values(failure.fieldErrors)[0] : undefined;
  return (
    <div className="validate" ref={wrap}>
      <Button onClick={validate} disabled={!complete} loading={busy}>
        <T id="dashboard.validate" />
      </Button>
      <p className="muted">
        <T id={verified ? 'dashboard.validated' : complete ? 'dashboard.validateReady' : 'dashboard.validateHint'} />
      </p>
      {failure !== null && (
        <Callout tone="danger">
          {refusal ? <T id={fieldMessageId(refusal, intl.messages)} /> : <ErrorText error={failure} />}
        </Callout>
      )}
      <Dialog
        open={open}
        title={<T id="dashboard.verifiedTitle" />}
        onClose={() => setOpen(false)}
        actions={
          <Button onClick={() => setOpen(false)}>
            <T id="dashboard.ok" />
          </Button>
        }
      >
        <p>
          <T id="dashboard.verifiedText" />
        </p>
      </Dialog>
    </div>
  );
}
