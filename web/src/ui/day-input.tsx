import { useState, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { formatPortalDay, parsePortalDay } from '../i18n/dates';
import { useT } from '../i18n/t';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue' | 'placeholder'>;

/** A typed day: `YYYY-MM-DD`, undefined for none (an empty field), null for a text that names no day. */
export type TypedDay = string | null | undefined;

/**
 * A day typed in the portal's one date format of the user's language (i18n/dates.tsx: 26/11/2026,
 * 26.11.2026), never the browser's: a native `<input type="date">` shows the browser's own locale
 * (an English Chromium writes 11/26/2026 on a French page), so one page would show two formats.
 * `onChange` gets a TypedDay (the caller shows why a null cannot be used: `validation.date`). The
 * placeholder shows the format; the keyboard is the text one (a phone's numeric pad has no "/"). The caller owns the value: when it sets another one than the text
 * means (a filter cleared elsewhere), the text shows that one; the day it was just given back
 * keeps the text as typed (1/5/2026 is not rewritten to 01/05/2026 under the caret).
 */
export function DayInput({ value, onChange, ...input }: InputProps & { value: TypedDay; onChange: (day: TypedDay) => void }) {
  const intl = useIntl();
  const t = useT();
  const textOf = (day: TypedDay) => (day ? formatPortalDay(intl, day) : '');
  const [text, setText] = useState(() => textOf(value));
  const [shown, setShown] = useState<TypedDay>(value);
  const read = (typed: string): TypedDay => (typed.trim() ? parsePortalDay(intl, typed) : undefined);
  // Adjusting state while rendering (React's pattern for state derived from a prop): no effect, no extra paint.
  if (value !== shown) {
    setShown(value);
    if (read(text) !== value) setText(textOf(value));
  }
  return (
    <input
      {...input}
      type="text"
      autoComplete="off"
      placeholder={t('date.placeholder')}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        onChange(read(typed));
      }}
    />
  );
}
