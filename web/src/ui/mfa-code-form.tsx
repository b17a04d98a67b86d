import { Form, Formik } from 'formik';
import { mfaVerifySchema } from 'shared/schemas/security';
import { T, type MessageId } from '../i18n/t';
import { Button } from './button';
import { FormField } from './form-field';

interface Props {
  submitLabel: MessageId;
  /** Resolves when done, or with the server's field errors of a 400 (message ids) to show under the field. */
  onSubmit: (code: string) => Promise<Record<string, string> | void>;
}

/** The 6-digit code of an authenticator app: the sign-in's second step and the app's set-up. */
export function MfaCodeForm({ submitLabel, onSubmit }: Props) {
  return (
    <Formik
      initialValues={{ code: '' }}
      validationSchema={mfaVerifySchema}
      validateOnChange={false}
      onSubmit={async (values, helpers) => {
        const errors = await onSubmit(mfaVerifySchema.cast(values).code);
        if (errors?.code) {
          helpers.setFieldValue('code', '', false);
          helpers.setErrors({ code: errors.code });
          helpers.setFieldTouched('code', true, false);
        }
      }}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate className="form-stack">
          <FormField
            name="code"
            label="mfa.code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            className="mfa-code"
            hint={<T id="mfa.codeHint" />}
          />
          <Button type="submit" block loading={isSubmitting} disabled={!values.code.trim()}>
            <T id={submitLabel} />
          </Button>
        </Form>
      )}
    </Formik>
  );
}
