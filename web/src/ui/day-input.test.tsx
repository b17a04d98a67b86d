import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/messages/en';
import { fr } from '../i18n/messages/fr';
import { ru } from '../i18n/messages/ru';
import { DayInput, type TypedDay } from './day-input';

const catalogues = { en, fr, ru } as const;

/** The day input as a page holds it: its value in the page's state, set by typing or by two buttons. */
function Page({ seen }: { seen: TypedDay[] }) {
  const [day, setDay] = useState<TypedDay>('2026-11-26');
  return (
    <>
      <label htmlFor="d">Day</label>
      <DayInput
        id="d"
        value={day}
        onChange={(next) => {
          seen.push(next);
          setDay(next);
        }}
      />
      <button type="button" onClick={() => setDay(undefined)}>clear</button>
      <button type="button" onClick={() => setDay('2024-02-29')}>leap day</button>
    </>
  );
}

function renderPage(locale: keyof typeof catalogues) {
  const seen: TypedDay[] = [];
  render(
    <IntlProvider locale={locale} messages={catalogues[locale]}>
      <Page seen={seen} />
    </IntlProvider>,
  );
  return { seen, input: screen.getByLabelText('Day') };
}

describe('DayInput', () => {
  for (const [locale, placeholder, shown, typed, impossible, leap] of [
    ['en', 'dd/mm/yyyy', '26/11/2026', '1/5/2026', '31/04/2026', '29/02/2024'],
    ['fr', 'jj/mm/aaaa', '26/11/2026', '1/5/2026', '31/04/2026', '29/02/2024'],
    ['ru', 'дд.мм.гггг', '26.11.2026', '1.5.2026', '31.04.2026', '29.02.2024'],
  ] as const) {
    it(`shows and reads the language's one format, and gives the page YYYY-MM-DD (${locale})`, async () => {
      const { seen, input } = renderPage(locale);
      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveAttribute('placeholder', placeholder);
      expect(input).toHaveValue(shown);
      await userEvent.clear(input);
      expect(seen.at(-1)).toBeUndefined();
      await userEvent.type(input, typed);
      expect(seen.at(-1)).toBe('2026-05-01');
      // As typed: not rewritten to 01/05/2026 under the caret.
      expect(input).toHaveValue(typed);
      await userEvent.clear(input);
      await userEvent.type(input, impossible);
      expect(seen.at(-1)).toBeNull();
      // A day set by the page shows in the format, over a day that does not exist.
      await userEvent.click(screen.getByRole('button', { name: 'leap day' }));
      expect(input).toHaveValue(leap);
    });
  }

  it('empties when the page clears its value, whether the text named a day or not', async () => {
    const { input } = renderPage('en');
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(input).toHaveValue('');
    await userEvent.type(input, '31/04/2026');
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(input).toHaveValue('');
    await userEvent.type(input, '02/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(input).toHaveValue('');
  });
});
