import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntegrationStatus } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';
import { pickEmoji, GREETING_EMOJIS } from './greeting';
import { nextMeeting } from './next-meeting';

const status = (steps: IntegrationStatus['steps'], over: Partial<IntegrationStatus> = {}): IntegrationStatus => ({
  companyId: 'c1',
  companyName: 'Acme',
  product: '360',
  sourceCount: 0,
  feedChecked: false,
  steps,
  analytics: { access: null, dimension: null },
  ...over,
});
const step = (stepType: IntegrationStatus['steps'][number]['stepType'], s: 'TBD' | 'done' | 'not_mandatory', updated: string | null = null) => ({
  stepType,
  status: s,
  updated,
});

function mockSteps(answer: IntegrationStatus) {
  server.use(
    http.get(api('/api/integration-status'), () => HttpResponse.json(answer)),
    http.get(api('/api/meetings'), () => HttpResponse.json([])),
  );
}

afterEach(() => localStorage.clear());

describe('dashboard', () => {
  it('shows the progress with its colour, the step cards sorted by status, and keeps Validate off while steps remain', async () => {
    mockSession(makeUser());
    mockSteps(status([step('google_analytics', 'done', '2026-11-20T10:00:00Z'), step('sources', 'TBD'), step('collector', 'not_mandatory'), step('status_feed', 'TBD')], { sourceCount: 2 }));
    renderApp('/dashboard');
    const bar = await screen.findByRole('progressbar', { name: 'Integration progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(bar).toHaveClass('progress-red');
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(['Sources', 'Order Feed', 'Google Analytics', 'Collector']);
    // 360 with a source: the sources step is in process.
    const sources = screen.getByRole('heading', { name: 'Sources' }).closest('li')!;
    expect(within(sources).getByText('In process')).toBeInTheDocument();
    expect(within(sources).getByRole('link', { name: 'Continue Sources' })).toHaveAttribute('href', '/marketing/sources');
    const ga = screen.getByRole('heading', { name: 'Google Analytics' }).closest('li')!;
    expect(within(ga).getByText(/Updated:/).textContent).toContain('20/11/2026');
    expect(within(sources).getByText(/Updated:/).textContent).toContain('-');
    expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled();
    // Customers get no reset button.
    expect(screen.queryByRole('button', { name: /^Reset status/ })).not.toBeInTheDocument();
  });

  it('names each step block with its status, French punctuation from the catalogue', async () => {
    mockSession(makeUser());
    mockSteps(status([step('google_analytics', 'done', '2026-11-20T10:00:00Z'), step('sources', 'TBD')]));
    renderApp('/dashboard', { locale: 'fr' });
    const blocks = await screen.findByRole('list', { name: /étapes/i });
    // textContent: toHaveTextContent would fold the no-break space into an ordinary one.
    expect(within(blocks).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['✓Google Analytics\u00a0: Terminée', 'Sources\u00a0: À faire']);
  });

  it('lets an administrator reset a done step, after a confirmation', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    mockSteps(status([step('collector', 'done', '2026-11-20T10:00:00Z')]));
    let sent: unknown;
    server.use(
      http.post(api('/api/integration-status/update'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(status([step('collector', 'TBD', '2026-11-21T10:00:00Z')]));
      }),
    );
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /^Reset status/ }));
    // Asked first: Cancel sends nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Set Collector back to be done?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: /^Reset status/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset status' }));
    expect(sent).toEqual({ stepType: 'collector', status: 'TBD' });
    expect(await screen.findByText('To be done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reset status/ })).not.toBeInTheDocument();
  });

  it('validates a complete integration: mail, local marker and the OK-only dialog', async () => {
    mockSession(makeUser());
    mockSteps(status([step('collector', 'done'), step('matomo_analytics', 'not_mandatory')]));
    let template: unknown;
    server.use(
      http.post(api('/api/email/send'), async ({ request }) => {
        template = ((await request.json()) as { template_id: string }).template_id;
        return HttpResponse.json({ status: 'sent' });
      }),
    );
    renderApp('/dashboard');
    // Complete (a not_mandatory step counts on neither side): full and green beside Validate.
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveClass('progress-green');
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Integration was successfully verified' });
    expect(template).toBe('integration-validation');
    expect(localStorage.getItem('portal.verified.c1')).not.toBeNull();
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(ok);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The focus goes back to Validate (it was disabled while the mail went).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Validate' })).toHaveFocus());
  });

  it('a refusal because a step was reset meanwhile says so and shows the steps as they are now', async () => {
    mockSession(makeUser());
    let reads = 0;
    server.use(
      http.get(api('/api/integration-status'), () => {
        reads++;
        // The admin reset the collector step after the page was loaded.
        return HttpResponse.json(status([step('collector', reads === 1 ? 'done' : 'TBD')]));
      }),
      http.get(api('/api/meetings'), () => HttpResponse.json([])),
      http.post(api('/api/email/send'), () => HttpResponse.json({ code: 'validation', message: 'no', errors: { template_id: 'validation.step.notComplete' } }, { status: 400 })),
    );
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Complete every step before validating the integration')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled());
    expect(localStorage.getItem('portal.verified.c1')).toBeNull();
  });

  it('says why a failed load happened, in the user’s language', async () => {
    mockSession(makeUser());
    server.use(http.get(api('/api/integration-status'), () => HttpResponse.json({ code: 'forbidden', message: 'no' }, { status: 403 })));
    renderApp('/dashboard', { locale: 'fr' });
    expect(await screen.findByText('Vos étapes d’intégration n’ont pas pu être chargées')).toBeInTheDocument();
    expect(screen.getByText("Vous n’êtes pas autorisé à effectuer cette action")).toBeInTheDocument();
  });

  it('moves through the three reviews, wrapping around', async () => {
    mockSession(makeUser());
    mockSteps(status([]));
    renderApp('/dashboard');
    const position = await screen.findByText(/of 3$/);
    const first = Number(position.textContent!.split(' ')[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText(`${first === 1 ? 3 : first - 1} of 3`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(`${first === 3 ? 1 : first + 1} of 3`)).toBeInTheDocument();
  });

  it('keeps the to-do list in this browser', async () => {
    mockSession(makeUser());
    mockSteps(status([]));
    renderApp('/dashboard');
    const add = await screen.findByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'New task' }), 'Send the logo');
    await userEvent.click(add);
    expect(screen.getByText('Send the logo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark “Send the logo” as done' }));
    const stored = JSON.parse(localStorage.getItem('portal.todo.u1')!) as Array<{ title: string; done: boolean }>;
    expect(stored.map((i) => [i.title, i.done])).toContainEqual(['Send the logo', true]);
    expect(stored[0]).toMatchObject({ title: 'Sign in to the tracking product', done: true });
    // A delete is confirmed first: Cancel keeps the item.
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Send the logo”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Send the logo”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Send the logo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Send the logo”' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByText('Send the logo')).not.toBeInTheDocument();
  });
});

describe('dashboard helpers', () => {
  it('pick the sunglasses face for half of the draws', () => {
    expect(GREETING_EMOJIS.filter((e) => e === '😎')).toHaveLength(5);
    expect(pickEmoji(() => 0)).toBe('😎');
    expect(pickEmoji(() => 0.99)).toBe('😊');
  });

  it('find the first meeting still ahead', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const meetings = [
      { id: '1', name: 'Kick-off', duration: '30m', datetime: '2026-11-20T10:00:00Z', version: 1 },
      { id: '3', name: 'Review', duration: '1h', datetime: '2026-12-01T10:00:00Z', version: 1 },
      { id: '2', name: 'Feed check', duration: '45m', datetime: '2026-11-25T10:00:00Z', version: 1 },
    ] as const;
    expect(nextMeeting(meetings, now)?.name).toBe('Feed check');
    expect(nextMeeting(meetings.slice(0, 1), now)).toBeNull();
  });
});
