import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DataHealth, HealthStatus } from 'shared/domain/data-health';
import type { IntegrationStatus } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const complete: IntegrationStatus = {
  companyId: 'c1',
  companyName: 'Acme',
  product: '360',
  sourceCount: 0,
  feedChecked: true,
  steps: [{ stepType: 'collector', status: 'done', updated: null }],
  analytics: { access: null, dimension: null },
};

const health = (...statuses: HealthStatus[]): DataHealth => ({
  companyId: 'c1',
  items: (['feed', 'analytics-access', 'analytics-coverage', 'utm-linking'] as const).map((kind, index) => ({
    kind,
    status: statuses[index] ?? 'healthy',
    lastCheck: '2026-11-26T04:00:00Z',
    history: [],
  })),
});

function mock(answer: DataHealth) {
  let reads = 0;
  server.use(
    http.get(api('/api/integration-status'), () => HttpResponse.json(complete)),
    http.get(api('/api/data-health'), () => {
      reads += 1;
      return HttpResponse.json(answer);
    }),
    http.post(api('/api/email/send'), () => HttpResponse.json({ status: 'sent' })),
  );
  return () => reads;
}

const summary = (name = 'Data health') => screen.getByRole('heading', { level: 2, name }).closest('section')!;

describe('dashboard health summary', () => {
  it('shows the worst status, each failing or warning kind with its reason and fix page, and the way to /data-health', async () => {
    localStorage.setItem('portal.verified.c1', '2026-11-20T10:00:00Z');
    mockSession(makeUser());
    const answer = health('healthy', 'warning', 'failing', 'unknown');
    answer.items[1]!.reason = { key: 'health.access.denied' };
    answer.items[2]!.reason = { key: 'health.coverage.below', values: { percent: '42.5' } };
    mock(answer);
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 2, name: 'Data health' });
    const lines = await within(summary()).findAllByRole('listitem');
    // Failing first, then warnings; healthy and unknown kinds are not listed.
    expect(lines.map((line) => line.textContent)).toEqual([
      '✕FailingCustom dimension coverage: Only 42.5 % of sessions or transactions carry the custom dimension. Check the custom dimension',
      '!WarningAnalytics access: Our service account can no longer read your analytics property. Check the analytics access',
    ]);
    expect(within(lines[0]!).getByRole('link', { name: 'Check the custom dimension' })).toHaveAttribute('href', '/analytics/custom-dimension');
    expect(within(lines[1]!).getByRole('link', { name: 'Check the analytics access' })).toHaveAttribute('href', '/analytics/access');
    expect(within(summary()).getAllByText('Failing')).toHaveLength(2);
    expect(within(summary()).getByRole('link', { name: 'See the data health' })).toHaveAttribute('href', '/data-health');
  });

  it('says a reason in French, and a generic one for a reason this build does not know', async () => {
    localStorage.setItem('portal.verified.c1', '2026-11-20T10:00:00Z');
    mockSession(makeUser());
    const answer = health('failing', 'warning');
    answer.items[0]!.reason = { key: 'health.feed.failed', values: { code: 'http-404' } };
    answer.items[1]!.reason = { key: 'health.unknown.later' };
    mock(answer);
    renderApp('/dashboard', { locale: 'fr' });
    await screen.findByRole('heading', { level: 2, name: 'Santé des données' });
    const lines = await within(summary('Santé des données')).findAllByRole('listitem');
    // The French colon keeps its no-break space (toHaveTextContent would fold it into an ordinary one).
    expect(lines[0]!.textContent).toContain('Flux de commandes\u00a0: ');
    expect(lines[0]).toHaveTextContent('http-404');
    expect(lines[1]!.textContent).toContain('Accès à Analytics\u00a0: La vérification n’a donné aucun détail affichable ici.');
  });

  it('is not shown, nor read, before the integration is validated, and appears on Validate', async () => {
    mockSession(makeUser());
    const reads = mock(health('healthy', 'healthy', 'warning'));
    renderApp('/dashboard');
    const validate = await screen.findByRole('button', { name: 'Validate' });
    expect(screen.queryByRole('heading', { name: 'Data health' })).not.toBeInTheDocument();
    expect(reads()).toBe(0);
    await userEvent.click(validate);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await within(summary()).findAllByText('Warning')).toHaveLength(2);
  });

  it('is in French, and says when it cannot be read', async () => {
    localStorage.setItem('portal.verified.c1', '2026-11-20T10:00:00Z');
    mockSession(makeUser());
    mock(health());
    server.use(http.get(api('/api/data-health'), () => HttpResponse.json({ code: 'internal-ish', message: 'no' }, { status: 503 })));
    renderApp('/dashboard', { locale: 'fr' });
    expect(await screen.findByText('La santé des données n’a pas pu être lue.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Voir la santé des données' })).toHaveAttribute('href', '/data-health'));
  });
});

