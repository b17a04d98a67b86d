import { ValidationError } from 'yup';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { HEALTH_MUTE_DAYS, isBadHealth, type HealthItem, type HealthMuteDays } from 'shared/domain/data-health';
import { healthNoteSchema, HEALTH_NOTE_MAX_LENGTH } from 'shared/schemas/data-health';
import { dataHealthMute } from 'shared/routes';
import { formatPortalDate } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';

/**
 * A warning's lifecycle on its card (docs/product.md, "Data health"): who muted the kind, until
 * when and why, with "Unmute"; or, for a kind that warns or fails, "Acknowledge" opening the note
 * and the 1, 7 or 30 days. The server's answer (the whole data health) replaces the page's.
 */
export function HealthMuteControl({ item }: { item: HealthItem }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const call = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await send();
      setOpen(false);
    } catch (error) {
      setFailure(error instanceof ApiError && error.fieldErrors.kind ? fieldMessageId(error.fieldErrors.kind, intl.messages) : errorMessageId(error));
    } finally {
      setBusy(false);
    }
  };
  const alert = failure && (
    <p role="alert" className="field-error">
      <T id={failure} />
    </p>
  );
  if (item.mute) {
    const { mute } = item;
    return (
      <div className="dh-mute">
        <p className="dh-mute-text">
          <T id="dataHealth.mute.by" values={{ name: mute.byName, until: formatPortalDate(intl, mute.until, true), at: formatPortalDate(intl, mute.at, true) }} />
        </p>
        <blockquote className="dh-mute-note">{mute.note}</blockquote>
        {alert}
        <Button variant="secondary" className="btn-sm" loading={busy} onClick={() => void call(() => mutateRoute(dataHealthMute, { body: { kind: item.kind, days: 0 } }))}>
          <T id="dataHealth.mute.end" />
        </Button>
      </div>
    );
  }
  if (!isBadHealth(item.status)) return null;
  if (!open) {
    return (
      <Button variant="secondary" className="btn-sm dh-ack" onClick={() => setOpen(true)}>
        <T id="dataHealth.mute.open" />
      </Button>
    );
  }
  return <MuteForm kind={item.kind} busy={busy} alert={alert} onCancel={() => setOpen(false)} onSubmit={(note, days) => call(() => mutateRoute(dataHealthMute, { body: { kind: item.kind, note, days } }))} />;
}

/**
 * The note and the days. Plain state, not Formik: the login route's chunks stay as they are (a
 * chunk importing Formik without the form field splits Formik into a first-route chunk of its own).
 */
function MuteForm(props: { kind: HealthItem['kind']; busy: boolean; alert: React.ReactNode; onCancel(): void; onSubmit(note: string, days: HealthMuteDays): Promise<void> }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const [note, setNote] = useState('');
  const [days, setDays] = useState<HealthMuteDays>(7);
  const [noteError, setNoteError] = useState<MessageId | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const valid = await healthNoteSchema.validate({ note });
      setNoteError(null);
      await props.onSubmit(valid.note, days);
    } catch (error) {
      if (error instanceof ValidationError) setNoteError(fieldMessageId(error.message, intl.messages));
      else throw error;
    }
  };
  return (
    <form noValidate className="dh-mute-form" aria-label={t('dataHealth.mute.formLabel')} onSubmit={(event) => void submit(event)}>
      <div className={['field', noteError ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field-label" htmlFor={`${id}-note`}>
          <T id="dataHealth.mute.note" />
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          className="input"
          rows={2}
          maxLength={HEALTH_NOTE_MAX_LENGTH}
          required
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : `${id}-note-hint`}
        />
        {noteError ? (
          <p id={`${id}-note-error`} className="field-error">
            <T id={noteError} />
          </p>
        ) : (
          <p id={`${id}-note-hint`} className="field-hint">
            <T id="dataHealth.mute.noteHint" />
          </p>
        )}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-days`}>
          <T id="dataHealth.mute.days" />
        </label>
        <select id={`${id}-days`} name="days" className="input" value={days} onChange={(event) => setDays(Number(event.target.value) as HealthMuteDays)}>
          {HEALTH_MUTE_DAYS.map((choice) => (
            <option key={choice} value={choice}>
              {t('dataHealth.mute.forDays', { days: choice })}
            </option>
          ))}
        </select>
      </div>
      {props.alert}
      <div className="dh-mute-actions">
        <Button type="submit" className="btn-sm" loading={props.busy}>
          <T id="dataHealth.mute.submit" />
        </Button>
        <Button variant="ghost" className="btn-sm" onClick={props.onCancel}>
          <T id="dataHealth.mute.cancel" />
        </Button>
      </div>
    </form>
  );
}
