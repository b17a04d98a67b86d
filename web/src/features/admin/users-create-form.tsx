import { Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import type { CreatedUser, Role } from 'shared/domain/types';
import { passwordMinLength } from 'shared/schemas/password-policy';
import { generatePassword, userCreateSchema } from 'shared/schemas/users';
import { usersCreate } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { focusOnMount } from '../../ui/list-state';
import { CompanySelect, ManagedCompaniesPicker, RoleSelect } from './users-fields';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';

interface CreateValues {
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: string;
  managedCompanies: string[];
}

const INITIAL: CreateValues = { login: '', password: '', firstName: '', lastName: '', role: 'ROLE_USER', company: '', managedCompanies: [] };

/** The create form of /admin/users (spec "Users admin"). */
export function UserCreateForm() {
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const titleId = useId();

  const submit = async (values: CreateValues, helpers: FormikHelpers<CreateValues>) => {
    setCreated(null);
    setFailure(null);
    try {
      const user = await mutateRoute(usersCreate, {
        body: {
          ...values,
          login: values.login.trim(),
          managedCompanies: values.role === 'ROLE_MANAGER' ? values.managedCompanies : [],
        },
      });
      helpers.resetForm();
      setCreated(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) helpers.setFieldError('login', 'adminUsers.error.loginTaken');
      else if (error instanceof ApiError && Object.keys(error.fieldErrors).length) helpers.setErrors(error.fieldErrors);
      else setFailure(errorMessageId(error));
    }
  };

  return (
    <Card>
      <h2 className="us-title" id={titleId}>
        <T id="adminUsers.create.title" />
      </h2>
      <Formik initialValues={INITIAL} validationSchema={userCreateSchema} onSubmit={submit}>
        {({ values, isSubmitting, handleSubmit, setFieldValue, setFieldTouched }) => {
          // Spec: Create is disabled unless login, password, role and company are set and the form is not being sent.
          const disabled = !values.login.trim() || !values.password || !values.role || !values.company || isSubmitting;
          return (
            <form className="us-form" noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
              <UnsavedFormGuard />
              <FormField name="login" label="adminUsers.field.login" type="email" required maxLength={254} autoComplete="off" />
              <FormField
                name="password"
                label="adminUsers.field.password"
                type="text"
                required
                maxLength={256}
                autoComplete="new-password"
                spellCheck={false}
                hint={<T id="adminUsers.passwordHint" values={{ min: passwordMinLength() }} />}
                values={{ min: passwordMinLength() }}
                trailing={
                  <Button
                    variant="ghost"
                    className="btn-sm us-generate"
                    onClick={() => {
                      void setFieldValue('password', generatePassword((buffer) => crypto.getRandomValues(buffer)));
                      void setFieldTouched('password', false, false);
                    }}
                  >
                    <T id="adminUsers.generate" />
                  </Button>
                }
              />
              <FormField name="firstName" label="adminUsers.field.firstName" maxLength={100} autoComplete="off" />
              <FormField name="lastName" label="adminUsers.field.lastName" maxLength={100} autoComplete="off" />
              <RoleSelect />
              <CompanySelect />
              <ManagedCompaniesPicker enabled={values.role === 'ROLE_MANAGER'} />
              <div className="us-actions-row">
                <Button type="submit" disabled={disabled} loading={isSubmitting}>
                  <T id="adminUsers.create.submit" />
                </Button>
              </div>
              {failure && (
                <div className="us-wide">
                  <Callout tone="danger">
                    <T id={failure} />
                  </Callout>
                </div>
              )}
              {created && (
                <div className="us-wide" tabIndex={-1} ref={focusOnMount}>
                  <Callout tone={created.welcomeMailSent ? 'success' : 'warning'}>
                    <T id="adminUsers.created" values={{ login: created.login }} /> <code className="us-secret">{created.plainPassword}</code>
                    <br />
                    <T id={created.welcomeMailSent ? 'adminUsers.created.mailSent' : 'adminUsers.created.mailFailed'} />
                  </Callout>
                </div>
              )}
            </form>
          );
        }}
      </Formik>
    </Card>
  );
}
