import { useState, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { formatPortalDay, parsePortalDay } from '../i18n/dates';
import { useT } from '../i18n/t';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

/**
 * A day typed in the portal's one date format of the user's language (i18n/dates.tsx: 26/11/2026,
 * 26.11.2026), never the browser's: a native `<input type="date">` shows the browser's own locale
 * (an English Chromium writes 11/26/2026 on a French page), so one page would show two formats.
 * `onChange` gets `YYYY-MM-DD`, undefined when emptied, or null while the text names no day that
 * exists (the caller shows why: `validation.date`). The placeholder shows the format.
 */
export function DayInput({ value, onChange, ...input }: InputProps & { value: string | undefined; onChange: (day: string | null | undefined) => void }) {
  const intl = useIntl();
  const t = useT();
  const [text, setText] = useState(() => (value ? formatPortalDay(intl, value) : ''));
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('date.placeholder')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim() ? parsePortalDay(intl, event.target.value) : undefined);
      }}
    />
  );
}
