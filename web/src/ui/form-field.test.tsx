import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikHelpers } from 'formik';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { en } from '../i18n/messages/en';
import { T } from '../i18n/t';
import { FormField } from './form-field';

type Values = { email: string };
const schema = object({ email: string().required('validation.required').email('validation.email') });

function renderForm(onSubmit: (values: Values, helpers: FormikHelpers<Values>) => void = () => {}, field: Partial<Parameters<typeof FormField>[0]> = {}) {
  return render(
    <IntlProvider locale="en" messages={en}>
      <Formik initialValues={{ email: '' }} validationSchema={schema} onSubmit={onSubmit}>
        <Form noValidate>
          <FormField name="email" label="login.email" type="email" required hint={<T id="reset.request.intro" />} {...field} />
          <button type="submit">go</button>
        </Form>
      </Formik>
    </IntlProvider>,
  );
}

describe('FormField', () => {
  it('labels the input, marks it required and describes it with its hint', () => {
    renderForm();
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription(en['reset.request.intro']);
  });

  it('shows the schema error translated once the field was left, in place of the hint', async () => {
    renderForm();
    const input = screen.getByLabelText('Email');
    await userEvent.type(input, 'nope');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email');
    expect(input.closest('.field')).toHaveClass('field-invalid');
    expect(screen.queryByText(en['reset.request.intro'])).not.toBeInTheDocument();
  });

  it('shows a server field error (a message id) translated, and an unknown one as "not valid"', async () => {
    const { unmount } = renderForm((_values, helpers) => helpers.setErrors({ email: 'validation.passwordPolicy' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText(en['validation.passwordPolicy'])).toBeInTheDocument();
    unmount();

    renderForm((_values, helpers) => helpers.setErrors({ email: 'email must be unique' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('This value is not valid')).toBeInTheDocument();
    expect(screen.queryByText('email must be unique')).not.toBeInTheDocument();
  });

  it('lets the form decide when the error shows and which message it names', async () => {
    renderForm(undefined, { showError: (meta) => meta.value === 'x', message: 'validation.passwordsDoNotMatch' });
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
