import { useField, type FieldMetaProps } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { T, type MessageId } from '../i18n/t';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur'>;

interface Props extends InputProps {
  /** The Formik field (and the key of the schema it is validated by). */
  name: string;
  label: MessageId;
  hint?: ReactNode;
  /** When the field's error shows; default: once the field was left (touched) with an error. */
  showError?: (meta: FieldMetaProps<string>) => boolean;
  /** The message to show instead of the schema's (a rule the form checks itself). */
  message?: MessageId;
  /** Values of the message's placeholders, e.g. `{ min }`. */
  values?: Record<string, string | number>;
  trailing?: ReactNode;
}

/**
 * A form field bound to Formik (`useField`): label, input, hint and error wired once. The error is
 * a message id (the shared yup schemas' and the server's field errors alike), shown translated;
 * an id the catalogue does not know shows the generic 'This value is not valid'. The error sets
 * aria-invalid, aria-describedby and the danger border.
 */
export function FormField({ name, label, hint, showError, message, values, trailing, className, ...input }: Props) {
  const [field, meta] = useField<string>(name);
  const intl = useIntl();
  const id = useId();
  const visible = showError ? showError(meta) : !!meta.touched && !!meta.error;
  const errorId = visible ? (message ?? (meta.error && meta.error in intl.messages ? (meta.error as MessageId) : meta.error ? 'validation.invalid' : undefined)) : undefined;
  const hintId = `${id}-hint`;
  const errorElementId = `${id}-error`;
  const describedBy = [errorId ? errorElementId : '', hint && !errorId ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${errorId ? 'field-invalid' : ''} ${className ?? ''}`}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          <T id={label} />
        </label>
        {trailing}
      </div>
      <input id={id} className="input" aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} {...field} {...input} />
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
