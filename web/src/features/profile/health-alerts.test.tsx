import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

/** The session answers the user as saved: the profile re-reads it after a change (the route's `stale`). */
function mockPreferences(user: CurrentUser, status = 200) {
  const sent: unknown[] = [];
  let current = user;
  mockSession(user);
  server.use(
    http.get(api('/api/users/current'), () => HttpResponse.json(current)),
    http.post(api('/api/users/current/preferences'), async ({ request }) => {
      const body = (await request.json()) as { healthAlerts: boolean };
      sent.push(body);
      if (status !== 200) return HttpResponse.json({ code: 'internal', message: 'no' }, { status });
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
  );
  return sent;
}

describe('profile: data-health alerts', () => {
  it('is on by default and turns off through POST /api/users/current/preferences', async () => {
    const sent = mockPreferences(makeUser());
    renderApp('/user/profile');
    const toggle = await screen.findByRole('switch', { name: 'E-mail me when my data stops flowing' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ healthAlerts: false }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ healthAlerts: false }, { healthAlerts: true }]));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('shows the saved choice, in Russian', async () => {
    mockPreferences(makeUser('ROLE_USER', { healthAlerts: false }));
    renderApp('/user/profile', { locale: 'ru' });
    expect(await screen.findByRole('switch', { name: 'Сообщать мне по e-mail, когда данные перестают поступать' })).not.toBeChecked();
  });

  it('goes back and says so when the change is refused', async () => {
    const sent = mockPreferences(makeUser(), 403);
    renderApp('/user/profile');
    const toggle = await screen.findByRole('switch', { name: 'E-mail me when my data stops flowing' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Your choice was not saved. Please try again.')).toBeInTheDocument();
    expect(sent).toEqual([{ healthAlerts: false }]);
    expect(toggle).toBeChecked();
  });
});
