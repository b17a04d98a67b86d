import { useField, type FieldMetaProps } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fieldMessageId } from '../lib/api/error-message';
import { T, type MessageId } from '../i18n/t';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'type' | 'children'>;

interface Props extends InputProps {
  /** The Formik field (and the key of the schema it is validated by). */
  name: string;
  label: MessageId;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number';
  /** Shown under the input while no error shows (the error takes its place). */
  hint?: ReactNode;
  /**
   * The schema requires it: sets `required` on the input (assistive technologies announce it;
   * the forms are `noValidate`, so the browser's own bubbles never show).
   */
  required?: boolean;
  /** When the field's error shows; default: once the field was left (touched) with an error. */
  showError?: (meta: FieldMetaProps<string>) => boolean;
  /** The message to show instead of the schema's (a rule the form checks itself). */
  message?: MessageId;
  /** Values of the message's placeholders, e.g. `{ min }`. */
  values?: Record<string, string | number>;
  /** Beside the label (e.g. a "Forgot password?" link). */
  trailing?: ReactNode;
}

/**
 * A form field bound to Formik (`useField`): label, input, hint and error wired once, so no form
 * repeats it. The error is a message id (the shared yup schemas' and the server's 400 field
 * errors alike, set with `setErrors`), shown translated; an id the catalogue does not know shows
 * 'This value is not valid' (`fieldMessageId`). A shown error sets `aria-invalid`, points
 * `aria-describedby` at itself and gives the field the danger border (`.field-invalid`).
 */
export function FormField({ name, label, type = 'text', hint, required, showError, message, values, trailing, className, ...input }: Props) {
  const [field, meta] = useField<string>(name);
  const intl = useIntl();
  const id = useId();
  const visible = showError ? showError(meta) : !!meta.touched && !!meta.error;
  const errorId: MessageId | undefined = visible ? (message ?? (meta.error ? fieldMessageId(meta.error, intl.messages) : undefined)) : undefined;
  const hintId = `${id}-hint`;
  const errorElementId = `${id}-error`;
  const describedBy = errorId ? errorElementId : hint ? hintId : undefined;
  return (
    <div className={['field', errorId ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          <T id={label} />
        </label>
        {trailing}
      </div>
      <input
        {...input}
        {...field}
        id={id}
        type={type}
        className="input"
        required={required}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
      />
      {errorId ? (
        <p id={errorElementId} className="field-error">
          <T id={errorId} values={values} />
        </p>
      ) : (
        hint && (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
