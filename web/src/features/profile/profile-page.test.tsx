import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

afterEach(() => localStorage.clear());

describe('profile', () => {
  it('shows the company, the name, the login as a mailto link and the next meeting', async () => {
    mockSession(makeUser('ROLE_USER'));
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    server.use(
      http.get(api('/api/meetings'), () =>
        HttpResponse.json([
          { id: 'p', name: 'Kick-off', duration: '1h', datetime: '2020-01-01T10:00:00.000Z', version: 1 },
          { id: 'n', name: 'Tracking review', duration: '1h15m', datetime: soon, version: 1 },
        ]),
      ),
    );
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard');
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    const card = (await screen.findByText('Tracking review')).closest('section')!;
    expect(card).toHaveTextContent('1 h 15 min');
    expect(within(card).getByRole('link', { name: 'Open the agenda' })).toHaveAttribute('href', '/agenda');
    expect(screen.getByText('My to-do list')).toBeInTheDocument();
  });

  it('shows a placeholder without a name and the empty message without an upcoming meeting', async () => {
    mockSession(makeUser('ROLE_USER', { firstName: '', lastName: '' }));
    server.use(http.get(api('/api/meetings'), () => HttpResponse.json([])));
    renderApp('/user/profile', { locale: 'ru' });
    expect(await screen.findByText('Имя не указано')).toBeInTheDocument();
    expect(await screen.findByText('Встречи пока не запланированы')).toBeInTheDocument();
  });
});
