import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HealthStatus } from 'shared/domain/data-health';
import type { StatusReportRow } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const row = (companyName: string, health: HealthStatus | undefined): StatusReportRow => ({
  companyId: companyName.toLowerCase(),
  companyName,
  product: '360',
  stepType: 'collector',
  status: 'done',
  updated: null,
  ...(health ? { health } : {}),
});

const rows = [row('Alpha', 'healthy'), row('Bravo', 'warning'), row('Charlie', 'failing'), row('Delta', undefined), row('Echo', 'unknown')];

/** The company and health cells of each body row, top to bottom. */
const table = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => {
      const cells = within(tr).getAllByRole('cell');
      return `${cells[0]!.textContent} ${cells[4]!.textContent}`;
    });

describe('integration status report: data health', () => {
  it('shows each company’s health in words and puts the failing ones first on request', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    // The server orders "failing first" (docs/architecture.md, "Admin lists"): the page asks and shows its order.
    const failingFirst = [rows[2]!, rows[1]!, rows[3]!, rows[4]!, rows[0]!];
    const asked: string[] = [];
    server.use(
      http.get(api('/api/integration-status/report'), ({ request }) => {
        const health = new URL(request.url).searchParams.get('health');
        asked.push(health ?? '');
        return HttpResponse.json({ rows: health === 'first' ? failingFirst : rows, next: null });
      }),
    );
    renderApp('/admin/integration-status');
    expect(await screen.findByRole('columnheader', { name: 'Health' })).toBeInTheDocument();
    // Glyph (hidden from screen readers) and word: never colour alone.
    expect(table()).toEqual(['Alpha ✓Healthy', 'Bravo !Warning', 'Charlie ✕Failing', 'Delta -', 'Echo ?Not checked']);
    await userEvent.click(screen.getByRole('switch', { name: 'Failing first' }));
    await waitFor(() => expect(table()).toEqual(['Charlie ✕Failing', 'Bravo !Warning', 'Delta -', 'Echo ?Not checked', 'Alpha ✓Healthy']));
    expect(asked.at(-1)).toBe('first');
    await userEvent.click(screen.getByRole('switch', { name: 'Failing first' }));
    await waitFor(() => expect(table()[0]).toBe('Alpha ✓Healthy'));
    // Back to the plain order: the server's first answer (kept by SWR, so maybe not asked again).
    expect(asked.filter((health) => health === '')).not.toEqual([]);
  });

  it('is in French', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(http.get(api('/api/integration-status/report'), () => HttpResponse.json({ rows: [row('Alpha', 'failing')], next: null })));
    renderApp('/admin/integration-status', { locale: 'fr' });
    expect(await screen.findByRole('columnheader', { name: 'Santé des données' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'En échec d’abord' })).not.toBeChecked();
    expect(screen.getByText('En échec')).toBeInTheDocument();
  });
});
