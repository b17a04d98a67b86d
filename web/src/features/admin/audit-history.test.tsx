import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

/** The audit history names each changed field with the portal's label for it, in the user's language. */

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: '2026-11-20T09:05:00.000Z',
  actorId: 'me',
  actorLogin: 'admin@portal.test',
  kind: 'user',
  action: 'update',
  recordId: 'u1',
  companyId: 'c1',
  before: {},
  after: {},
  ...over,
});

const entries: AuditEntry[] = [
  entry({ before: { firstName: 'Ann' }, after: { firstName: 'Anna' } }),
  entry({ kind: 'source', recordId: 's1', before: { channel: 'Email' }, after: { channel: 'Display' } }),
  entry({ kind: 'company', recordId: 'c1', action: 'deletion-started', after: { deletingAt: '2026-11-20T09:05:00.000Z' } }),
  entry({ kind: 'user', action: 'password-changed' }),
  entry({ kind: 'translations', recordId: 'overrides', companyId: null, before: {}, after: { 'fr.route.dashboard': 'Accueil' } }),
];

afterEach(() => localStorage.clear());

const changes = async () => {
  const table = await screen.findByRole('table');
  await within(table).findAllByRole('listitem');
  return within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
};

describe('the audit page', () => {
  for (const [locale, labels] of [
    ['en', ['First name: Ann → Anna', 'Acquisition channel: Email → Display', 'Deletion started on:', 'User · password changed', 'fr.route.dashboard:  → Accueil']],
    ['fr', ['Prénom: Ann → Anna', 'Canal d’acquisition: Email → Display', 'Suppression commencée le:', 'Utilisateur · mot de passe changé', 'fr.route.dashboard:  → Accueil']],
    ['ru', ['Имя: Ann → Anna', 'Канал привлечения: Email → Display', 'Удаление начато:', 'пароль изменён', 'fr.route.dashboard:  → Accueil']],
  ] as const) {
    it(`labels the fields as the portal's pages do, the raw name without a label (${locale})`, async () => {
      mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
      server.use(http.get(api('/api/audit'), () => HttpResponse.json({ entries, next: null })));
      renderApp('/admin/audit', { locale });
      const rows = await changes();
      labels.forEach((label, i) => expect(rows[i]).toContain(label));
      // (the raw names follow the action text directly: "changedchannel:")
      expect(rows.join()).not.toMatch(/firstName|deletingAt|[^ ]channel:/);
    });
  }
});

describe('a user’s companies in the history', () => {
  it('are named, not shown as ids (a deleted company keeps its id), and nothing shows for none', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    server.use(
      http.get(api('/api/companies'), () => HttpResponse.json([{ id: 'c-globex', name: 'Globex', product: '360', country: 'RU', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], version: 1 }])),
      http.get(api('/api/audit'), () =>
        HttpResponse.json({
          entries: [entry({ before: { currentCompanyId: null, managedCompanyIds: ['c-gone', 'c-globex'] }, after: { currentCompanyId: 'c-globex', managedCompanyIds: ['c-globex'] } })],
          next: null,
        }),
      ),
    );
    renderApp('/admin/audit');
    await changes();
    // The names come with the companies list (read beside the history).
    expect(await screen.findAllByText('Globex', { selector: 'ins' })).toHaveLength(2);
    const [row] = await changes();
    expect(row).toContain('Current company:  → Globex');
    expect(row).toContain('Managed companies: c-gone, Globex → Globex');
  });
});
