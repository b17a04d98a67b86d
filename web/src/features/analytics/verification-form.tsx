import { useEffect } from 'react';
import { Form, Formik, useFormikContext, yupToFormErrors, type FormikErrors } from 'formik';
import { DIMENSION_METHODS, VERIFICATION_TYPES, VIEW_ID_MAX_LENGTH, type DimensionMethod, type VerificationType } from 'shared/domain/analytics';
import { DIMENSION_INDEX_MAX_LENGTH, EVENT_ACTION_MAX_LENGTH } from 'shared/schemas/analytics';
import { T, useT } from '../../i18n/t';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import {
  canCheck,
  eventActionEnabled,
  methodEnabled,
  runsDimension,
  schemaFor,
  typeAfterDimensionInput,
  type VerificationMode,
  type VerificationValues,
} from './verification-model';

/**
 * The verification form of the three pages: Verification Type (combined page only), view id,
 * then, except on the access page, dimension index, method and event action. The rules are
 * verification-model.ts's; the request is validated with the shared schema it will be sent with.
 */
export function VerificationForm({
  mode,
  initial,
  loading,
  onCheck,
  onTypeChange,
}: {
  mode: VerificationMode;
  initial: VerificationValues;
  loading: boolean;
  onCheck: (values: VerificationValues) => Promise<void>;
  /** The page shows the status cards of the chosen Verification Type. */
  onTypeChange?: (type: VerificationType) => void;
}) {
  const validate = async (values: VerificationValues): Promise<FormikErrors<VerificationValues>> => {
    try {
      await schemaFor(mode, values).validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };
  return (
    <Formik initialValues={initial} validate={validate} onSubmit={onCheck}>
      <Fields mode={mode} loading={loading} onTypeChange={onTypeChange} />
    </Formik>
  );
}

function Fields({ mode, loading, onTypeChange }: { mode: VerificationMode; loading: boolean; onTypeChange?: (type: VerificationType) => void }) {
  const t = useT();
  const { values, setFieldValue } = useFormikContext<VerificationValues>();
  useEffect(() => onTypeChange?.(values.type), [values.type, onTypeChange]);
  const dimensionCounts = runsDimension(mode, values);
  return (
    <Form noValidate className="analytics-form" aria-label={t('analytics.form.label')}>
      {mode === 'combined' && (
        <fieldset className="analytics-type">
          <legend className="field-label">
            <T id="analytics.type.legend" />
          </legend>
          <div className="analytics-type-options">
            {VERIFICATION_TYPES.map((type: VerificationType) => (
              <label key={type} className={`analytics-type-option ${values.type === type ? 'is-selected' : ''}`}>
                <input type="radio" name="type" value={type} checked={values.type === type} onChange={() => void setFieldValue('type', type)} />
                <T id={`analytics.type.${type}`} />
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="analytics-fields">
        <FormField
          name="view_id"
          label="analytics.viewId"
          inputMode="numeric"
          autoComplete="off"
          maxLength={VIEW_ID_MAX_LENGTH}
          required
          hint={<T id="analytics.viewIdHint" />}
        />
        {mode !== 'access' && (
          <>
            <FormField
              name="dimension"
              label="analytics.dimension"
              inputMode="numeric"
              autoComplete="off"
              maxLength={DIMENSION_INDEX_MAX_LENGTH}
              required={dimensionCounts}
              // Access Only leaves the field typable (dimmed): typing an index is how the user switches back.
              className={dimensionCounts ? undefined : 'field-inactive'}
              onInput={(event) => {
                const next = typeAfterDimensionInput(values.type, event.currentTarget.value);
                if (next !== values.type) void setFieldValue('type', next);
              }}
              hint={<T id={dimensionCounts ? 'analytics.dimensionHint' : 'analytics.dimensionInactive'} />}
            />
            <div className="field">
              <label className="field-label" htmlFor="analytics-method">
                <T id="analytics.method" />
              </label>
              <select
                id="analytics-method"
                name="method"
                className="select"
                value={values.method}
                disabled={!methodEnabled(mode, values)}
                onChange={(event) => void setFieldValue('method', event.target.value as DimensionMethod)}
              >
                {DIMENSION_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`analytics.method.${method}`)}
                  </option>
                ))}
              </select>
            </div>
            <FormField
              name="event_action"
              label="analytics.eventAction"
              autoComplete="off"
              placeholder="purchase"
              maxLength={EVENT_ACTION_MAX_LENGTH}
              disabled={!eventActionEnabled(mode, values)}
              required={eventActionEnabled(mode, values)}
              hint={<T id={eventActionEnabled(mode, values) ? 'analytics.eventActionHint' : 'analytics.eventActionDisabled'} />}
            />
          </>
        )}
      </div>
      <div className="analytics-actions">
        <Button type="submit" disabled={!canCheck(mode, values, loading)} loading={loading}>
          <T id="analytics.check" />
        </Button>
      </div>
    </Form>
  );
}
