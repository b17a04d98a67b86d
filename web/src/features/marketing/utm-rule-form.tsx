import { Form, Formik, setIn, useFormikContext, type FormikHelpers } from 'formik';
import { isRuleMeaningful, MATCH_TYPES, UTM_VALUE_MAX_LENGTH, type MatchType } from 'shared/domain/utm-matching';
import { emptyRuleMap, ruleList, trafficRuleCreateSchema, type RuleMap } from 'shared/schemas/traffic';
import { useIntl } from 'react-intl';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { fieldMessageId } from '../../lib/api/error-message';
import { Button } from '../../ui/button';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';
import { SourcePicker } from './source-choices';

export interface UtmFormValues {
  source: string;
  rule: RuleMap;
}

export const emptyForm = (): UtmFormValues => ({ source: '', rule: emptyRuleMap() });

const ROWS = [
  { index: 0, label: 'utm.dimension.utmSource', placeholder: 'google' },
  { index: 1, label: 'utm.dimension.utmMedium', placeholder: 'cpc' },
  { index: 2, label: 'utm.dimension.utmCampaign', placeholder: 'brand' },
] as const satisfies ReadonlyArray<{ index: 0 | 1 | 2; label: MessageId; placeholder: string }>;

export const matchTypeId = (type: MatchType): MessageId => `utm.type.${type === 'not equal' ? 'notEqual' : type === 'not contains' ? 'notContains' : type}`;

/** Spec: Create needs a source and one row other than 'any' with a value; Search only the row. */
const canSearch = (values: UtmFormValues) => isRuleMeaningful(ruleList(values.rule));
const canCreate = (values: UtmFormValues) => values.source !== '' && canSearch(values);

/**
 * The rule form: a source picker (an empty option, then the sources the server finds as one types), three rows
 * (utm source, utm medium, utm campaign), each a match type and a value ('any' clears and
 * disables its value), Search (the traffic the draft would link) and Create. The shared schema
 * validates it; the server's field errors land on the same fields.
 */
export function UtmRuleForm({
  initial,
  onSearch,
  onCreate,
}: {
  /** A proposal to start from (the 'Use' buttons); the form re-mounts with it. */
  initial: UtmFormValues;
  onSearch: (values: UtmFormValues) => Promise<void>;
  /** Resolves when created; throws the ApiError otherwise (the form is kept). */
  onCreate: (values: UtmFormValues) => Promise<void>;
}) {
  const submit = async (values: UtmFormValues, helpers: FormikHelpers<UtmFormValues>) => {
    try {
      await onCreate(values);
      helpers.resetForm({ values: emptyForm() });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        let errors = {};
        for (const [path, id] of Object.entries(error.fieldErrors)) errors = setIn(errors, path, id);
        helpers.setErrors(errors);
        helpers.setTouched(setIn(setIn({}, 'source', true), 'rule', { 0: { value: true }, 1: { value: true }, 2: { value: true } }), false);
      }
    }
  };
  return (
    <Formik initialValues={initial} validationSchema={trafficRuleCreateSchema} onSubmit={submit} enableReinitialize>
      <RuleFields onSearch={onSearch} />
    </Formik>
  );
}

function RuleFields({ onSearch }: { onSearch: (values: UtmFormValues) => Promise<void> }) {
  const t = useT();
  const intl = useIntl();
  const { values, errors, touched, isSubmitting, setFieldValue, handleBlur } = useFormikContext<UtmFormValues>();
  const message = (id: unknown) => (typeof id === 'string' ? fieldMessageId(id, intl.messages) : undefined);
  const sourceError = touched.source ? message(errors.source) : undefined;
  const ruleError = typeof errors.rule === 'string' ? message(errors.rule) : undefined;
  return (
    <Form noValidate className="utm-form" aria-label={t('utm.form.label')}>
      <UnsavedFormGuard />
      <div className={`field ${sourceError ? 'field-invalid' : ''}`}>
        <label className="field-label" htmlFor="utm-source-picker">
          <T id="utm.form.source" />
        </label>
        <SourcePicker
          id="utm-source-picker"
          value={values.source}
          onChange={(source) => void setFieldValue('source', source)}
          onBlur={handleBlur}
          emptyLabel="utm.form.sourceEmpty"
          findLabel="utm.form.sourceFind"
          invalid={!!sourceError}
          describedBy={sourceError ? 'utm-source-error' : undefined}
        />
        {sourceError && (
          <p id="utm-source-error" className="field-error">
            <T id={sourceError} />
          </p>
        )}
      </div>
      <div className="utm-rows" role="group" aria-label={t('utm.form.rows')}>
        <div className="utm-row utm-row-head" aria-hidden="true">
          <span />
          <span>
            <T id="utm.form.matchType" />
          </span>
          <span>
            <T id="utm.form.value" />
          </span>
        </div>
        {ROWS.map(({ index, label, placeholder }) => {
          const row = values.rule[index];
          const rowErrors = (errors.rule as Record<number, { value?: string; type?: string }> | undefined)?.[index];
          const rowTouched = (touched.rule as Record<number, { value?: boolean }> | undefined)?.[index];
          const valueError = rowTouched?.value ? message(rowErrors?.value ?? rowErrors?.type) : undefined;
          const dimension = t(label);
          return (
            <div key={index} className={`utm-row ${valueError ? 'field-invalid' : ''}`}>
              <span className="utm-row-label">{dimension}</span>
              <select
                className="select"
                aria-label={t('utm.form.typeOf', { dimension })}
                value={row.type}
                onChange={(event) => {
                  const type = event.target.value as MatchType;
                  void setFieldValue(`rule.${index}.type`, type);
                  if (type === 'any') void setFieldValue(`rule.${index}.value`, '');
                }}
              >
                {MATCH_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(matchTypeId(type))}
                  </option>
                ))}
              </select>
              <div>
                <input
                  className="input"
                  name={`rule.${index}.value`}
                  aria-label={t('utm.form.valueOf', { dimension })}
                  placeholder={placeholder}
                  maxLength={UTM_VALUE_MAX_LENGTH}
                  value={row.value ?? ''}
                  disabled={row.type === 'any'}
                  onChange={(event) => void setFieldValue(`rule.${index}.value`, event.target.value)}
                  onBlur={handleBlur}
                  aria-invalid={valueError ? true : undefined}
                  aria-describedby={valueError ? `utm-row-${index}-error` : undefined}
                />
                {valueError && (
                  <p id={`utm-row-${index}-error`} className="field-error">
                    <T id={valueError} />
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {ruleError && ruleError !== 'validation.required' && (
        <p className="field-error" role="alert">
          <T id={ruleError} />
        </p>
      )}
      <p className="field-hint">
        <T id="utm.form.caseHint" />
      </p>
      <div className="utm-form-actions">
        <Button variant="secondary" disabled={!canSearch(values)} onClick={() => void onSearch(values)}>
          <T id="utm.form.search" />
        </Button>
        <Button type="submit" disabled={!canCreate(values)} loading={isSubmitting}>
          <T id="utm.form.create" />
        </Button>
      </div>
    </Form>
  );
}
