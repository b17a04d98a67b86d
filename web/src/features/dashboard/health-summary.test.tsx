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

const summary = () => screen.getByRole('heading', { level: 2, name: 'Data health' }).closest('section')!;

describe('dashboard health summary', () => {
  it('shows the worst status and the way to /data-health once the integration is validated', async () => {
    localStorage.setItem('portal.verified.c1', '2026-11-20T10:00:00Z');
    mockSession(makeUser());
    mock(health('healthy', 'warning', 'failing', 'unknown'));
    renderApp('/dashboard');
    expect(await screen.findByText('Failing')).toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'See the data health' })).toHaveAttribute('href', '/data-health');
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
    expect(await within(summary()).findByText('Warning')).toBeInTheDocument();
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

