import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { passwordResetRequestSchema, type Language } from 'shared/schemas/security';
import { passwordResetRequest } from 'shared/routes';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute } from '../../lib/api/use-route';
import { T, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { FormField } from '../../ui/form-field';

/**
 * Asks for a reset link. The answer is not read: the confirmation is the same whether or not
 * the account exists, so the page reveals nothing about registered e-mails.
 */
export function RequestResetForm() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<MessageId | null>(null);

  if (sentTo) {
    return (
      <Callout tone="success">
        <T id="reset.request.sent" values={{ email: sentTo }} />
      </Callout>
    );
  }

  return (
    <>
      <p className="muted">
        <T id="reset.request.intro" />
      </p>
      {failure && (
        <Callout tone="danger">
          <T id={failure} />
        </Callout>
      )}
      <Formik
        initialValues={{ login: '' }}
        validationSchema={passwordResetRequestSchema}
        onSubmit={async (values, helpers) => {
          setFailure(null);
          // The mail goes out in the language of this page.
          const body = { ...passwordResetRequestSchema.cast(values), language: intl.locale.slice(0, 2) as Language };
          try {
            await mutateRoute(passwordResetRequest, { body, auth: 'none' });
            setSentTo(body.login);
          } catch (error) {
            // The server's field error (a message id) goes under the field; anything else is said above the form.
            if (error instanceof ApiError && error.status === 400 && error.fieldErrors.login) helpers.setErrors({ login: error.fieldErrors.login });
            else setFailure(errorMessageId(error));
          }
        }}
      >
        {({ values, isSubmitting }) => {
          // Checked synchronously so Send is disabled from the first render, not after async validation.
          const valid = passwordResetRequestSchema.isValidSync(values);
          return (
            <Form noValidate className="form-stack">
              <FormField
                name="login"
                label="reset.request.email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                // The error (danger border + message) shows once something is typed, or after leaving the field empty.
                showError={(meta) => !!meta.error && (meta.value !== '' || meta.touched)}
              />
              <Button type="submit" block loading={isSubmitting} disabled={!valid}>
                <T id="reset.request.submit" />
              </Button>
            </Form>
          );
        }}
      </Formik>
    </>
  );
}
