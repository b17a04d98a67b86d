import { Form, Formik, useField, type FormikErrors } from 'formik';
import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ValidationError } from 'yup';
import type { FeedFormat } from 'shared/feed/types';
import { FEED_FORMATS, feedCheckSchema } from 'shared/schemas/order-feed';
import { T, useT } from '../../i18n/t';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { feedTypeOf, fileSizeUnit, typeAfterUrlInput } from './feed-model';
import { UnsavedFormGuard } from '../../ui/unsaved-form-guard';

export interface FeedFormValues {
  view_id: string;
  feed_url: string;
  type: FeedFormat;
}

/**
 * The verify form's rules through the shared request schema (the handler validates the same
 * object): a chosen file stands for the upload key, so "a URL or a file, not both" holds.
 */
export function validateFeedForm(values: FeedFormValues, file: File | null): FormikErrors<FeedFormValues> {
  try {
    feedCheckSchema.validateSync(
      { view_id: values.view_id || null, type: values.type, feed_url: file ? null : values.feed_url || null, upload_key: file ? 'chosen-file' : null },
      { abortEarly: false },
    );
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FormikErrors<FeedFormValues> = {};
    for (const inner of error.inner) {
      const path = inner.path as keyof FeedFormValues | undefined;
      if (path && path in values && !errors[path]) errors[path] = inner.message;
    }
    return errors;
  }
}

/** Spec: Check is disabled when there is no URL and no file, or while loading. */
const canCheck = (values: FeedFormValues, file: File | null, loading: boolean) => !loading && (file !== null || values.feed_url.trim() !== '');

/** The file's size as the spec shows it: KB below 7 digits of bytes, else MB, in the user's number format. */
export function useFileSize() {
  const intl = useIntl();
  return (bytes: number) => {
    const { value, unit } = fileSizeUnit(bytes);
    return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 2 : 1 });
  };
}

interface Props {
  initial: FeedFormValues;
  file: File | null;
  onFile: (file: File | null) => void;
  loading: boolean;
  lead: boolean;
  onType: (type: FeedFormat) => void;
  onSubmit: (values: FeedFormValues) => void;
}

export function FeedForm({ initial, file, onFile, loading, lead, onType, onSubmit }: Props) {
  // A type the user picked stays while the URL names none; a file or an extension decides anew.
  const typeByHand = useRef(false);
  return (
    <Formik<FeedFormValues> initialValues={initial} enableReinitialize validate={(values) => validateFeedForm(values, file)} onSubmit={onSubmit}>
      {({ values, setFieldValue }) => (
        <Form noValidate className="feed-form">
          <UnsavedFormGuard dirty={values.feed_url !== initial.feed_url} />
          <div className="feed-form-grid">
            <FormField name="view_id" label="orderFeed.form.viewId" inputMode="numeric" autoComplete="off" hint={<T id="orderFeed.form.viewIdHint" />} />
            <FormField
              name="feed_url"
              label={lead ? 'orderFeed.form.feedUrlLead' : 'orderFeed.form.feedUrl'}
              type="url"
              autoComplete="url"
              placeholder="https://shop.example/feed.xml"
              hint={<T id="orderFeed.form.feedUrlHint" />}
              onInput={(event) => {
                if (file) onFile(null);
                const url = event.currentTarget.value;
                if (feedTypeOf(url)) typeByHand.current = false;
                const type = typeAfterUrlInput(url, values.type, typeByHand.current);
                if (type !== values.type) {
                  void setFieldValue('type', type, false);
                  onType(type);
                }
              }}
            />
            <TypeSelect
              onChange={(type) => {
                typeByHand.current = true;
                void setFieldValue('type', type);
                onType(type);
              }}
            />
          </div>
          <FileChooser
            file={file}
            lead={lead}
            onChoose={(chosen) => {
              onFile(chosen);
              if (chosen) {
                // Spec: choosing a file clears the feed URL; the type follows the file's extension.
                void setFieldValue('feed_url', '', false);
                typeByHand.current = false;
                const type: FeedFormat = feedTypeOf(chosen.name) ?? 'xml';
                void setFieldValue('type', type, false);
                onType(type);
              }
            }}
          />
          <div className="feed-form-actions">
            <Button type="submit" disabled={!canCheck(values, file, loading)} loading={loading}>
              <T id="orderFeed.form.check" />
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

function TypeSelect({ onChange }: { onChange: (type: FeedFormat) => void }) {
  const [field] = useField<FeedFormat>('type');
  const id = useId();
  return (
    <div className="field">
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          <T id="orderFeed.form.type" />
        </label>
      </div>
      <select id={id} className="select" name={field.name} value={field.value} onBlur={field.onBlur} onChange={(event) => onChange(event.target.value as FeedFormat)}>
        {FEED_FORMATS.map((format) => (
          <option key={format} value={format}>
            {format.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}

function FileChooser({ file, lead, onChoose }: { file: File | null; lead: boolean; onChoose: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const t = useT();
  const size = useFileSize();
  return (
    <div className="feed-file">
      <span className="feed-file-or" aria-hidden="true">
        <T id="orderFeed.form.or" />
      </span>
      <label htmlFor={id} className="btn btn-secondary feed-file-button">
        <T id={lead ? 'orderFeed.form.chooseFileLead' : 'orderFeed.form.chooseFile'} />
      </label>
      <input
        ref={input}
        id={id}
        className="feed-file-input"
        type="file"
        accept=".xml,.csv"
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      {file ? (
        <p className="feed-file-chosen" aria-live="polite">
          <span className="feed-file-name">{file.name}</span> <span className="feed-file-size">{size(file.size)}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('orderFeed.form.removeFile', { name: file.name })}
            onClick={() => {
              if (input.current) input.current.value = '';
              onChoose(null);
            }}
          >
            <T id="orderFeed.form.remove" />
          </button>
        </p>
      ) : (
        <p className="muted feed-small">
          <T id="orderFeed.form.fileHint" />
        </p>
      )}
    </div>
  );
}
