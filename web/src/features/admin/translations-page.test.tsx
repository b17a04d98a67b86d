import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { jsonErrorLine, readTexts } from './translations-editor';

const answer = (version: number) => ({
  version,
  catalogues: { en: { 'route.home': 'Home' }, fr: { 'route.home': 'Accueil' }, ru: { 'route.home': 'Главная' } },
  overridden: { en: [], fr: ['route.home'], ru: [] },
});

describe('TranslationsPage', () => {
  it('shows each language as JSON, refuses invalid JSON locally and lists the server’s refusals', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    let posts = 0;
    server.use(
      http.get(api('/api/translations'), ({ request }) =>
        new URL(request.url).searchParams.has('locale') ? HttpResponse.json({ version: 1, locale: 'en', messages: {} }) : HttpResponse.json(answer(1)),
      ),
      http.post(api('/api/translations'), () => {
        posts += 1;
        return HttpResponse.json(
          { code: 'validation', message: 'Nothing was saved', errors: { 'fr.route.home': 'validation.translations.placeholders' } },
          { status: 400 },
        );
      }),
    );
    renderApp('/admin/translations');
    const en = await screen.findByLabelText('Messages in EN (JSON)');
    expect(JSON.parse((en as HTMLTextAreaElement).value)).toEqual({ 'route.home': 'Home' });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No message differs from the built-in catalogue');
    // The shown language only: three whole catalogues would be laid out at once.
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'EN' })).toHaveAttribute('aria-controls', 'translations-panel-en');
    expect(screen.getByRole('tab', { name: 'RU' })).not.toHaveAttribute('aria-controls');

    await userEvent.click(screen.getByRole('tab', { name: 'RU' }));
    const ru = screen.getByLabelText('Messages in RU (JSON)');
    await userEvent.clear(ru);
    await userEvent.click(ru);
    await userEvent.paste('[1, 2]');
    // Another tab and back: the edit is kept, and marked on its tab.
    await userEvent.click(screen.getByRole('tab', { name: 'EN' }));
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'RU' }));
    expect(screen.getByLabelText('Messages in RU (JSON)')).toHaveValue('[1, 2]');
    expect(screen.getByRole('tab', { name: 'RU' })).toHaveClass('translations-tab-edited');
    await userEvent.click(screen.getByRole('button', { name: 'Update all' }));
    expect(await screen.findByText('RU: the text must be one JSON object of message id → text')).toBeInTheDocument();
    expect(posts).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Discard my edits' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update all' }));
    expect(await screen.findByText('FR · route.home:')).toBeInTheDocument();
    expect(screen.getByText(/The placeholders differ from the English message/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'FR' })).toHaveAttribute('aria-selected', 'true');
    expect(posts).toBe(1);
  });

  it('places a JSON syntax error by its line, in the admin’s language (the browser’s own message is English)', () => {
    // A trailing comma: the parser stops at the '}' on line 4.
    const text = '{\n  "route.home": "Home",\n  "x": "y",\n}';
    const { problems } = readTexts({ en: text, fr: '{}', ru: '{}' });
    expect(problems).toEqual([{ kind: 'invalidJson', locale: 'en', line: 4 }]);
    expect(jsonErrorLine('{}', new Error('no place given'))).toBe(0);
  });
});
