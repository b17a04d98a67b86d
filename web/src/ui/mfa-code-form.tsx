import { Form, Formik } from 'formik';
import { mfaCodeSchema, mfaRemoveSchema } from 'shared/schemas/security';
import { T, type MessageId } from '../i18n/t';
import { Button } from './button';
import { FormField } from './form-field';

interface Props {
  submitLabel: MessageId;
  /** Also asks for the account's current password (re-authentication before a security change). */
  withPassword?: boolean;
  /** Resolves when done, or with the server's field errors of a 400 (message ids) to show under the fields. */
  onSubmit: (code: string, password: string) => Promise<Record<string, string> | void>;
}

/** The 6-digit code of an authenticator app: the sign-in's second step, the app's set-up and its removal. */
export function MfaCodeForm({ submitLabel, withPassword = false, onSubmit }: Props) {
  const schema = withPassword ? mfaRemoveSchema : mfaCodeSchema;
  return (
    <Formik
      initialValues={{ code: '', password: '' }}
      validationSchema={schema}
      validateOnChange={false}
      onSubmit={async (values, helpers) => {
        const { code } = mfaCodeSchema.cast({ code: values.code });
        const errors = await onSubmit(code, values.password);
        if (errors?.code) helpers.setFieldValue('code', '', false);
        if (errors?.code || errors?.password) {
          helpers.setErrors({ ...(errors.code ? { code: errors.code } : {}), ...(errors.password ? { password: errors.password } : {}) });
          helpers.setTouched({ code: Boolean(errors.code), password: Boolean(errors.password) }, false);
        }
      }}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate className="form-stack">
          {withPassword && <FormField name="password" label="mfa.currentPassword" type="password" autoComplete="current-password" maxLength={256} required />}
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
          <Button type="submit" block loading={isSubmitting} disabled={!values.code.trim() || (withPassword && !values.password)}>
            <T id={submitLabel} />
          </Button>
        </Form>
      )}
    </Formik>
  );
}
