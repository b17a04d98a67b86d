import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IntegrationStatus } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { frenchTypographyFaults, textsOf } from 'shared/testing/french';
import { server } from '../../test/server';
import { en } from './content/en';
import { fr } from './content/fr';
import { ru } from './content/ru';

const status = (steps: IntegrationStatus['steps']): IntegrationStatus => ({
  companyId: 'c1',
  companyName: 'Acme',
  product: '360',
  sourceCount: 0,
  feedChecked: false,
  steps,
  analytics: { access: null, dimension: null },
});

describe('instruction pages', () => {
  it('keep French punctuation with its word (no-break spaces)', () => {
    expect(frenchTypographyFaults(textsOf(fr, 'instructions'))).toEqual([]);
  });

  it('hold the same blocks in the three languages', () => {
    for (const step of Object.keys(en) as Array<keyof typeof en>) {
      expect(fr[step].blocks.map((b) => b.kind), step).toEqual(en[step].blocks.map((b) => b.kind));
      expect(ru[step].blocks.map((b) => b.kind), step).toEqual(en[step].blocks.map((b) => b.kind));
    }
  });

  it('describe the Salesforce report with its columns and rules', async () => {
    mockSession(makeUser());
    server.use(http.get(api('/api/integration-status'), () => HttpResponse.json(status([{ stepType: 'salesforce_crm', status: 'TBD', updated: null }]))));
    renderApp('/instructions/salesforce_crm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Salesforce CRM' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Columns of the report, in this order' });
    const columns = [...table.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(columns).toEqual(['order_id', 'state', 'date', 'price', 'newclient', 'utm_source', 'utm_medium', 'utm_campaign']);
    expect(screen.getByText(/JWT bearer flow/, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sample report (CSV)' })).toHaveAttribute('href', '/instructions/salesforce-report-sample.csv');
  });

  it('complete their step on confirmation', async () => {
    mockSession(makeUser());
    let body: unknown;
    server.use(
      http.get(api('/api/integration-status'), () => HttpResponse.json(status([{ stepType: 'matomo_analytics', status: 'TBD', updated: null }]))),
      http.post(api('/api/integration-status/update'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(status([{ stepType: 'matomo_analytics', status: 'done', updated: '2026-11-23T10:00:00Z' }]));
      }),
    );
    renderApp('/instructions/matomo_analytics', { locale: 'ru' });
    await userEvent.click(await screen.findByRole('button', { name: 'Подтвердить по e-mail' }));
    expect(body).toEqual({ stepType: 'matomo_analytics', status: 'done' });
    expect(await screen.findByText('Этап завершён')).toBeInTheDocument();
  });

  it('say when the platform is not among the company’s steps', async () => {
    mockSession(makeUser());
    server.use(http.get(api('/api/integration-status'), () => HttpResponse.json(status([]))));
    renderApp('/instructions/piano_analytics', { locale: 'fr' });
    expect(await screen.findByText('Ne fait pas partie de votre intégration')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmer par e-mail' })).not.toBeInTheDocument();
  });
});
