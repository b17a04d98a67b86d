import { useState } from 'react';
import type { VerificationType } from 'shared/domain/analytics';
import { integrationStatusList, usersFindCurrentCompany } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { OtherResourceNotice } from '../../ui/other-resource';
import { HelpCard } from '../../ui/step-cards';
import { DimensionReport } from './dimension-report';
import { FindIdsCard, GrantAccessCard } from './instructions';
import { AccessStatusCard, DimensionStatusCard } from './status-cards';
import { useVerification } from './use-verification';
import { VerificationForm } from './verification-form';
import { accessView, dimensionView, initialValues, lastCheckAt, showsAccessCard, storedFacts, type VerificationMode, type VerificationValues } from './verification-model';
import './analytics.css';

const LEADS: Record<VerificationMode, MessageId> = {
  combined: 'analytics.lead',
  access: 'analytics.leadAccess',
  dimension: 'analytics.leadDimension',
};

/**
 * One verification page in three modes: /analytics (combined, with the Verification Type),
 * /analytics/access and /analytics/custom-dimension. The form starts from the company's stored
 * view id and dimension index; until a check answers in this visit, the status cards read what
 * happened before (`storedFacts`: the company's steps, else the last checks).
 */
export function VerificationPage({ mode }: { mode: VerificationMode }) {
  const company = useRoute(usersFindCurrentCompany);
  const status = useRoute(integrationStatusList);
  const verification = useVerification(mode);
  const [type, setType] = useState<VerificationType>('accessdimension');
  const [checked, setChecked] = useState<VerificationValues | null>(null);
  const facts = storedFacts(status.data);
  const access = accessView(verification.access, facts.access);
  const dimension = dimensionView(verification.dimension, facts.dimension);
  const current = { ...initialValues(), type };
  const dimensionAnswer = verification.dimension.state === 'answered' ? verification.dimension.answer : null;
  // A check of another View ID or dimension than the stored ones: its result is shown, the step is not changed.
  const otherResource = (verification.access.state === 'answered' ? verification.access.answer.otherResource : null) ?? dimensionAnswer?.otherResource ?? null;
  const showsDimensionCard = mode === 'dimension' || (mode === 'combined' && type === 'accessdimension');

  const onCheck = async (values: VerificationValues) => {
    setChecked(values);
    await verification.check(values);
  };

  return (
    <div className={`page analytics-page analytics-page-${mode}`}>
      <PageHeading>
        <p className="lead">
          <T id={LEADS[mode]} />
        </p>
      </PageHeading>
      <div className="analytics-layout">
        <div className="analytics-main">
          <Card>
            <h2 className="step-card-heading">
              <T id="analytics.form.title" />
            </h2>
            {company.data || company.error ? (
              <VerificationForm
                mode={mode}
                initial={initialValues(company.data ?? {})}
                loading={verification.loading}
                onCheck={onCheck}
                onTypeChange={setType}
              />
            ) : (
              <div className="analytics-form-loading">
                <Spinner />
              </div>
            )}
            <OtherResourceNotice other={otherResource} />
          </Card>
          {dimensionAnswer && (dimensionAnswer.dimension || dimensionAnswer.sessions) && (
            <DimensionReport answer={dimensionAnswer} eventAction={checked?.event_action.trim() ?? ''} />
          )}
          {mode !== 'dimension' && <GrantAccessCard />}
          <FindIdsCard dimension={mode !== 'access'} />
          {mode === 'dimension' && <GrantAccessCard />}
        </div>
        <aside className="analytics-side">
          {showsAccessCard(mode, current, access, dimension) && <AccessStatusCard view={access} outcome={verification.access} lastAt={lastCheckAt(verification.access, access, facts.access)} />}
          {showsDimensionCard && <DimensionStatusCard view={dimension} outcome={verification.dimension} lastAt={lastCheckAt(verification.dimension, dimension, facts.dimension)} />}
          <HelpCard text="analytics.help" />
        </aside>
      </div>
    </div>
  );
}
