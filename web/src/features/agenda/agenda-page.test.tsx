import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const meeting = (id: string, name: string, days: number, over: Partial<Meeting> = {}): Meeting => ({ id, name, duration: '30m', datetime: at(days), version: 1, ...over });

/** GET /api/meetings answers the given list (a function, so a test can change what the next read sees). */
function mockMeetings(list: () => Meeting[]) {
  server.use(http.get(api('/api/meetings'), () => HttpResponse.json(list())));
}

/** An administrator's session (the shell's company search reads the companies list). */
function mockAdmin() {
  mockSession(makeUser('ROLE_ADMIN'));
  server.use(http.get(api('/api/companies'), () => HttpResponse.json([])));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('agenda', () => {
  it('shows a customer the meetings read-only, with their state, duration, date and a calendar link', async () => {
    vi.stubEnv('VITE_CASE_STUDIES_URL', 'https://example.com/stories');
    mockSession(makeUser('ROLE_USER'));
    mockMeetings(() => [meeting('a', 'Kick-off', -2, { duration: '1h' }), meeting('b', 'Tracking review', 2), meeting('c', 'Data check (J+7)', 9)]);
    renderApp('/agenda');
    await screen.findByRole('heading', { level: 3, name: 'Kick-off' });
    const rows = screen.getAllByRole('listitem').filter((li) => li.classList.contains('timeline-item'));
    expect(rows.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(['Kick-off', 'Tracking review', 'Data check (J+7)']);
    expect(within(rows[0]!).getByRole('img', { name: 'Past meeting' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: 'Next meeting' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('img', { name: 'Upcoming meeting' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('1 h');
    expect(rows[0]!.querySelector('time')!.textContent).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    const link = within(rows[2]!).getByRole('link', { name: 'Add to Google Calendar: “Data check (J+7)” (opens in a new tab)' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.searchParams.get('text')).toBe('Acme x Onboarding Portal - Data check');
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a meeting' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the case studies' })).toHaveAttribute('href', 'https://example.com/stories');
  });

  it('a list that cannot be read says "Something went wrong..." with the error text (the shared ListState)', async () => {
    mockAdmin();
    server.use(http.get(api('/api/meetings'), () => HttpResponse.json({ code: 'not-found', message: 'Table is being restored' }, { status: 404 })));
    renderApp('/agenda');
    const error = await screen.findByTestId('list-error');
    expect(error).toHaveTextContent('Table is being restored');
    expect(error.closest('[role="alert"], .callout')).toHaveTextContent('Something went wrong...');
  });

  it('says so when no meeting is planned', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockMeetings(() => []);
    renderApp('/agenda', { locale: 'fr' });
    expect(await screen.findByText('Aucune réunion n’est encore prévue')).toBeInTheDocument();
  });

  it('lets an administrator rename a meeting inline: Enter saves with the version read', async () => {
    mockAdmin();
    let stored = [meeting('b', 'Tracking review', 2)];
    let sent: unknown;
    mockMeetings(() => stored);
    server.use(
      http.put(api('/api/meetings/b'), async ({ request }) => {
        sent = await request.json();
        stored = [{ ...stored[0]!, name: 'Tracking sync', version: 2 }];
        return HttpResponse.json(stored[0]);
      }),
    );
    renderApp('/agenda');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the name of “Tracking review”' }));
    const input = screen.getByRole('textbox', { name: 'Meeting name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Tracking sync{Enter}');
    expect(await screen.findByRole('button', { name: 'Edit the name of “Tracking sync”' })).toHaveFocus();
    expect(sent).toEqual({ version: 1, name: 'Tracking sync' });
  });

  it('reverts an emptied value without calling the server', async () => {
    mockAdmin();
    mockMeetings(() => [meeting('b', 'Tracking review', 2)]);
    const put = vi.fn();
    server.use(http.put(api('/api/meetings/b'), () => put()));
    renderApp('/agenda');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the name of “Tracking review”' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Meeting name' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Edit the name of “Tracking review”' })).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('a stale version offers the other administrator’s values beside mine: take theirs', async () => {
    mockAdmin();
    let stored = [meeting('b', 'Tracking review', 2)];
    mockMeetings(() => stored);
    server.use(
      http.put(api('/api/meetings/b'), () => {
        // Another administrator saved 45 min meanwhile: my version 1 is refused.
        stored = [{ ...stored[0]!, duration: '45m', version: 2 }];
        return HttpResponse.json({ code: 'conflict', message: 'error.conflict' }, { status: 409 });
      }),
    );
    renderApp('/agenda');
    await userEvent.click(await screen.findByRole('button', { name: /edit the duration of “Tracking review”/ }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '1h30m');
    const conflict = await screen.findByTestId('row-conflict');
    const duration = within(conflict).getByRole('row', { name: /Duration/ });
    expect(duration).toHaveTextContent('45 min');
    expect(duration).toHaveTextContent('1 h 30 min');
    // Mine is still shown in the row until a choice is made; nothing says "reload".
    expect(screen.getByRole('button', { name: /edit the duration of “Tracking review”/ })).toHaveTextContent('1 h 30 min');
    expect(screen.queryByText(/reload/)).toBeNull();
    await userEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    expect(screen.getByRole('button', { name: /edit the duration of “Tracking review”/ })).toHaveTextContent('45 min');
  });

  it('a refused name keeps what was typed and names the field (in Russian)', async () => {
    mockAdmin();
    mockMeetings(() => [meeting('b', 'Tracking review', 2)]);
    let sent: unknown;
    server.use(
      http.put(api('/api/meetings/b'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ code: 'validation', message: 'error.validation', errors: { name: 'validation.meeting.nameTooLong' } }, { status: 400 });
      }),
    );
    renderApp('/agenda', { locale: 'ru' });
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить название «Tracking review»' }));
    const input = screen.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, 'Tracking sync{Enter}');
    const alert = await screen.findByRole('alert');
    expect(sent).toEqual({ version: 1, name: 'Tracking sync' });
    expect(alert).toHaveTextContent('Название встречи');
    expect(screen.getAllByRole('button', { name: /Tracking sync/ }).length).toBeGreaterThan(0);
  });

  // The date and time is typed in the page's one format, not a browser's datetime-local; the server still gets the ISO instant.
  for (const [locale, label, shown, typed, saved, impossible, error] of [
    ['en', /edit the date and time of/, '26/11/2026 14:05', '27/11/2026, 9:30', '27/11/2026 09:30', '31/04/2026, 10:00', 'Enter a valid date and time'],
    ['fr', /modifier la date et l’heure de/, '26/11/2026 14:05', '27/11/2026 9h30', '27/11/2026 09:30', '31/04/2026 10:00', 'Saisissez une date et une heure valides'],
    ['ru', /изменить дату и время/, '26.11.2026 14:05', '27.11.2026 9:30', '27.11.2026 09:30', '31.04.2026 10:00', 'Введите корректные дату и время'],
  ] as const) {
    it(`edits the date and time in the language's one format, and refuses a day that does not exist without sending it (${locale})`, async () => {
      mockAdmin();
      let stored = [meeting('b', 'Tracking review', 2, { datetime: new Date(2026, 10, 26, 14, 5).toISOString() })];
      mockMeetings(() => stored);
      const sent: unknown[] = [];
      server.use(
        http.put(api('/api/meetings/b'), async ({ request }) => {
          const body = (await request.json()) as Partial<Meeting>;
          sent.push(body);
          stored = [{ ...stored[0]!, ...body, version: 2 }];
          return HttpResponse.json(stored[0]);
        }),
      );
      renderApp('/agenda', { locale });
      const button = await screen.findByRole('button', { name: label });
      expect(button).toHaveTextContent(shown);
      await userEvent.click(button);
      const input = screen.getByRole('textbox');
      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveValue(shown);
      await userEvent.clear(input);
      await userEvent.type(input, `${typed}{Enter}`);
      await waitFor(() => expect(sent).toEqual([{ version: 1, datetime: new Date(2026, 10, 27, 9, 30).toISOString() }]));

      await waitFor(() => expect(screen.getByRole('button', { name: label })).toHaveTextContent(saved));
      await userEvent.click(screen.getByRole('button', { name: label }));
      const again = screen.getByRole('textbox');
      await userEvent.clear(again);
      await userEvent.type(again, `${impossible}{Enter}`);
      // The input stays, says why, and nothing is sent; Escape gives the saved value back.
      expect(await screen.findByRole('alert')).toHaveTextContent(error);
      expect(again).toHaveAttribute('aria-invalid', 'true');
      expect(again).toHaveAccessibleDescription(error);
      expect(sent).toHaveLength(1);
      await userEvent.type(again, '{Escape}');
      expect(screen.getByRole('button', { name: label })).toHaveTextContent(saved);
      expect(sent).toHaveLength(1);
    });
  }

  it('adds a meeting with the plus button and deletes one after confirming', async () => {
    mockAdmin();
    let stored: Meeting[] = [meeting('b', 'Tracking review', 2, { version: 3 })];
    let deleted: unknown;
    mockMeetings(() => stored);
    server.use(
      http.post(api('/api/meetings'), () => {
        const created = meeting('n', 'New Meeting', 7);
        stored = [...stored, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.delete(api('/api/meetings/b'), async ({ request }) => {
        deleted = await request.json();
        stored = stored.filter((m) => m.id !== 'b');
        return HttpResponse.json({ id: 'b' });
      }),
    );
    renderApp('/agenda');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a meeting' }));
    expect(await screen.findByRole('button', { name: 'Edit the name of “New Meeting”' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Tracking review”' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete "Tracking review"?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit the name of “Tracking review”' })).not.toBeInTheDocument());
    expect(deleted).toEqual({ version: 3 });
  });
});
