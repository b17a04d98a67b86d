import { Form, Formik } from 'formik';
import { passwordMinLength } from 'shared/schemas/password-policy';
import { passwordChangeFormSchema } from 'shared/schemas/security';
import { T, type MessageId } from '../i18n/t';
import { Button } from './button';
import { FormField } from './form-field';

interface Props {
  passwordLabel: MessageId;
  repeatLabel: MessageId;
  submitLabel: MessageId;
  /**
   * Resolves when done (the caller decides what to show next), or with the server's field errors
   * of a 400 (message ids, e.g. `{ password: 'validation.passwordPolicy' }`) to show under the fields.
   */
  onSubmit: (password: string) => Promise<Record<string, string> | void>;
}

/**
 * New password + repeat, shared by the password reset page and the first sign-in with a
 * temporary password. Rules and messages are those of shared/schemas (passwordChangeFormSchema).
 */
export function PasswordChangeForm({ passwordLabel, repeatLabel, submitLabel, onSubmit }: Props) {
  return (
    <Formik
      initialValues={{ password: '', repeat: '' }}
      validationSchema={passwordChangeFormSchema}
      onSubmit={async (values, helpers) => {
        const errors = await onSubmit(values.password);
        // Only the password is sent, so only its field can have a server error.
        if (errors?.password) helpers.setErrors({ password: errors.password });
      }}
    >
      {({ values, isSubmitting }) => {
        const valid = passwordChangeFormSchema.isValidSync(values);
        // 'Passwords do not match' appears as soon as both are filled and differ (spec, section 5).
        const mismatch = values.password.length > 0 && values.repeat.length > 0 && values.password !== values.repeat;
        return (
          <Form noValidate className="form-stack">
            <FormField
              name="password"
              label={passwordLabel}
              type="password"
              autoComplete="new-password"
              required
              hint={<T id="validation.passwordMin" values={{ min: passwordMinLength() }} />}
              values={{ min: passwordMinLength() }}
            />
            <FormField
              name="repeat"
              label={repeatLabel}
              type="password"
              autoComplete="new-password"
              required
              showError={() => mismatch}
              message="validation.passwordsDoNotMatch"
            />
            <Button type="submit" block loading={isSubmitting} disabled={!valid}>
              <T id={submitLabel} />
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
