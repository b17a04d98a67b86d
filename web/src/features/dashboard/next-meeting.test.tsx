import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const meetings = (list: Array<{ name: string; days: number; duration?: string }>) =>
  list.map(({ name, days, duration = '30m' }, i) => ({ id: String(i), name, duration, datetime: new Date(Date.now() + days * 86_400_000).toISOString(), version: 1 }));

describe('dashboard next-meeting card', () => {
  it('shows the first meeting still ahead with its date and duration, linking to the agenda', async () => {
    mockSession(makeUser());
    server.use(http.get(api('/api/meetings'), () => HttpResponse.json(meetings([{ name: 'Kick-off', days: -3 }, { name: 'Later', days: 9 }, { name: 'Tracking review', days: 2, duration: '45m' }]))));
    renderApp('/dashboard');
    const name = await screen.findByText('Tracking review');
    const card = name.closest('section')!;
    expect(card).toHaveTextContent('Next meeting');
    expect(card).toHaveTextContent('45 min');
    expect(card.querySelector('time')!.textContent).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(screen.getByRole('link', { name: 'Open the agenda' })).toHaveAttribute('href', '/agenda');
  });

  it('says when nothing is planned ahead, in the chosen language', async () => {
    mockSession(makeUser());
    server.use(http.get(api('/api/meetings'), () => HttpResponse.json(meetings([{ name: 'Kick-off', days: -3 }]))));
    renderApp('/dashboard', { locale: 'fr' });
    expect(await screen.findByText('Aucun rendez-vous à venir.')).toBeInTheDocument();
  });
});
