import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TrafficAnswer, TrafficRule } from 'shared/domain/utm-matching';
import { overlapWithOtherSources } from 'shared/domain/utm-overlap';
import { ruleList, type RuleMap } from 'shared/schemas/traffic';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

const traffic = (linked: boolean): TrafficAnswer => ({
  rows: [
    { id: 'a', utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 1500, linked },
    { id: 'b', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: '', sessions: 40, linked: false },
  ],
  unlinkedUtms: linked ? 1 : 2,
  unlinkedSessions: linked ? 40 : 1540,
  totalSessions: 1540,
  totalUtms: 2,
});
const status = { companyId: 'c', companyName: 'Acme', product: '360', sourceCount: 1, feedChecked: false, steps: [{ stepType: 'utm_rules', status: 'TBD', updated: null }] };
const source = { id: 's1', name: 'Google Ads', channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: '', utmMedium: '', utmCampaign: '', agency: '', version: 1 };

function mockApi(stored: TrafficRule[] = []) {
  const rules: TrafficRule[] = [...stored];
  const sent: unknown[] = [];
  server.use(
    http.get(api('/api/integration-status'), () => HttpResponse.json(status)),
    http.get(api('/api/sources'), () => HttpResponse.json({ sources: [source, { ...source, id: 's2', name: 'Brand Search' }], next: null })),
    http.get(api('/api/traffic'), () => HttpResponse.json(traffic(rules.length > 0))),
    http.get(api('/api/traffic-rules'), () => HttpResponse.json({ rules, next: null })),
    // As the server: the overlap over every stored rule when the draft names its source.
    http.post(api('/api/traffic/match'), async ({ request }) => {
      const body = (await request.json()) as { rule: RuleMap; source?: string };
      const overlap = body.source ? overlapWithOtherSources(traffic(false).rows, rules, { sourceId: body.source, rule: ruleList(body.rule) }) : undefined;
      const names = [source, { ...source, id: 's2', name: 'Brand Search' }].map(({ id, name }) => ({ id, name }));
      return HttpResponse.json({ rows: [traffic(false).rows[0]], utms: 1, sessions: 1500, ...(overlap ? { overlap, overlapSources: names } : {}) });
    }),
    http.post(api('/api/traffic-rules'), async ({ request }) => {
      const body = (await request.json()) as { source: string };
      sent.push(body);
      const rule: TrafficRule = {
        id: 'r1', sourceId: body.source, source: 'Google Ads', version: 1, created: 't',
        rule: [{ type: 'equal', utm: 'utmSource', value: 'google' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'any', utm: 'utmCampaign', value: '' }],
      };
      rules.push(rule);
      return HttpResponse.json({ rule, aggregates: traffic(true), stepStatus: 'TBD' }, { status: 201 });
    }),
  );
  return { sent };
}

describe('UtmManagementPage', () => {
  it.each([
    ['without the utm_rules step', [] as unknown[]],
    ['with the step still to do', status.steps],
  ])('all traffic linked %s: the status reads complete, never "To be done"', async (_name, steps) => {
    mockSession(makeUser('ROLE_USER'));
    mockApi();
    const allLinked: TrafficAnswer = { ...traffic(true), rows: traffic(true).rows.map((row) => ({ ...row, linked: true })), unlinkedUtms: 0, unlinkedSessions: 0 };
    server.use(
      http.get(api('/api/integration-status'), () => HttpResponse.json({ ...status, steps })),
      http.get(api('/api/traffic'), () => HttpResponse.json(allLinked)),
    );
    renderApp('/marketing/utm-management');
    const statusCard = (await screen.findByRole('heading', { name: 'Status' })).closest('section')!;
    expect(await within(statusCard).findByText('All traffic linked')).toBeInTheDocument();
    expect(within(statusCard).queryByText('To be done')).not.toBeInTheDocument();
    expect(within(statusCard).getByRole('status').closest('.callout')).toHaveClass('callout-success');
  });


  it('shows the traffic being linked after a change of the rules, reads it again until linked, then the step the job completed', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockApi();
    const allLinked = { ...traffic(true), rows: traffic(true).rows.map((row) => ({ ...row, linked: true })), unlinkedUtms: 0, unlinkedSessions: 0 };
    let reads = 0;
    let stepReads = 0;
    server.use(
      // Two reads while the relink job works, then linked; the job completed utm_rules meanwhile.
      http.get(api('/api/traffic'), () => HttpResponse.json(++reads <= 2 ? { ...traffic(false), linking: true } : { ...allLinked, linking: false })),
      http.get(api('/api/integration-status'), () => {
        stepReads++;
        return HttpResponse.json(reads > 2 ? { ...status, steps: [{ ...status.steps[0], status: 'done' }] } : status);
      }),
    );
    renderApp('/marketing/utm-management');
    const statusCard = (await screen.findByRole('heading', { name: 'Status' })).closest('section')!;
    expect(await within(statusCard).findByText('Linking your traffic to your rules…')).toBeInTheDocument();
    expect(screen.getByText('Being linked to your rules: the states shown may still change.')).toBeInTheDocument();
    expect(await within(statusCard).findByText('Stage completed', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(stepReads).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Being linked to your rules: the states shown may still change.')).not.toBeInTheDocument();
  }, 30_000);

  describe('the traffic import card', () => {
    const AT = '2026-11-27T14:05:00.000Z';
    function mockImport(answer: object, imported: { at: string; rows: number } | null = { at: AT, rows: 2 }, viewId: string | null = '100001') {
      const calls: unknown[] = [];
      let current = imported;
      server.use(
        http.get(api('/api/traffic'), () => HttpResponse.json({ ...traffic(false), imported: current, viewId })),
        http.post(api('/api/analytics/utms'), async ({ request }) => {
          calls.push(await request.json());
          if ((answer as { code?: number }).code === 200) current = { at: '2026-11-28T09:30:00.000Z', rows: 6 };
          return HttpResponse.json(answer);
        }),
      );
      return calls;
    }
    const card = async () => (await screen.findByRole('heading', { name: /Traffic import|Import du trafic/ })).closest('section')!;

    it('shows the last import in the language’s date format; Import again imports the stored property and shows the new time', async () => {
      mockSession(makeUser('ROLE_USER'));
      mockApi();
      const calls = mockImport({ code: 200, errors: [], total: 6, property: null, viewIdStored: false, trafficImported: 6, otherResource: null });
      renderApp('/marketing/utm-management');
      const section = await card();
      expect(await within(section).findByText(/^Last import: 27\/11\/2026 \d\d:05, 2 combinations from property 100001$/)).toBeInTheDocument();
      await userEvent.click(within(section).getByRole('button', { name: 'Import again' }));
      expect(await within(section).findByText('Imported: 6 UTM combinations.')).toBeInTheDocument();
      expect(calls).toEqual([{ view_id: '100001' }]);
      expect(await within(section).findByText(/^Last import: 28\/11\/2026 \d\d:30, 6 combinations from property 100001$/)).toBeInTheDocument();
    });

    it('in French: the refusal of Google Analytics in its words, nothing else changed', async () => {
      mockSession(makeUser('ROLE_USER'));
      mockApi();
      mockImport({ code: 403, errors: [{ message: 'User does not have sufficient permissions for this property.' }], total: null, property: null, viewIdStored: false, trafficImported: null, otherResource: null }, null);
      renderApp('/marketing/utm-management', { locale: 'fr' });
      const section = await card();
      expect(await within(section).findByText('Pas encore importé depuis la propriété 100001')).toBeInTheDocument();
      await userEvent.click(within(section).getByRole('button', { name: 'Importer maintenant' }));
      expect(await within(section).findByText('Google Analytics a refusé l’import')).toBeInTheDocument();
      expect(within(section).getByText('User does not have sufficient permissions for this property.')).toBeInTheDocument();
    });

    it('without a stored View ID: no button, a link to the access check', async () => {
      mockSession(makeUser('ROLE_USER'));
      mockApi();
      mockImport({}, null, null);
      renderApp('/marketing/utm-management');
      const section = await card();
      expect(within(section).queryByRole('button')).not.toBeInTheDocument();
      expect(within(section).getByRole('link', { name: 'Check the access' })).toHaveAttribute('href', '/analytics/access');
    });
  });

  it('keeps Create disabled until a source and a constraining row, searches, creates and resets to any', async () => {
    mockSession(makeUser('ROLE_USER'));
    const { sent } = mockApi();
    renderApp('/marketing/utm-management');
    expect(await screen.findByText('2 UTM combinations of 2 not linked')).toBeInTheDocument();
    expect(screen.getByText('1,540 of 1,540 sessions not linked')).toBeInTheDocument();
    expect(screen.getByText(/No UTM rule yet/)).toBeInTheDocument();

    const create = screen.getByRole('button', { name: 'Create' });
    const search = screen.getByRole('button', { name: 'Search' });
    const value = screen.getByRole('textbox', { name: 'utm source: value' });
    expect(create).toBeDisabled();
    expect(search).toBeDisabled();
    expect(value).toBeDisabled();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'utm source: match type' }), 'equal');
    expect(value).toBeEnabled();
    await userEvent.type(value, 'google');
    expect(create).toBeDisabled();
    await userEvent.click(search);
    expect(await screen.findByText('This rule would link 1 UTM combination (1,500 sessions)')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Source'), 's1');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'utm source: match type' })).toHaveValue('any'));
    expect(screen.getByRole('textbox', { name: 'utm source: value' })).toHaveValue('');
    expect(sent).toEqual([{ source: 's1', rule: { 0: { type: 'equal', utm: 'utmSource', value: 'google' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign', value: '' } }, acceptOverlap: false }]);
    expect(await screen.findByText('1 UTM combination of 2 not linked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the rule of Google Ads' })).toBeInTheDocument();
  });

  it("choosing 'any' clears and disables the value; a suggestion fills the form", async () => {
    mockSession(makeUser('ROLE_USER'));
    mockApi();
    renderApp('/marketing/utm-management');
    // Offered twice: in the suggestions and in the traffic table.
    await userEvent.click((await screen.findAllByRole('button', { name: 'Use a rule for google / cpc / brand' }))[0]!);
    const campaign = screen.getByRole('textbox', { name: 'utm campaign: value' });
    expect(campaign).toHaveValue('brand');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'utm campaign: match type' }), 'any');
    expect(campaign).toHaveValue('');
    expect(campaign).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'utm medium: value' })).toHaveValue('cpc');
  });

  it('shows the traffic error as a warning with its text and the status as an error', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockApi();
    server.use(http.get(api('/api/traffic'), () => HttpResponse.json({ code: 'bad-request', message: 'Traffic store unavailable' }, { status: 400 })));
    renderApp('/marketing/utm-management');
    expect(await screen.findByText('Traffic store unavailable')).toBeInTheDocument();
    const statusCard = screen.getByRole('heading', { name: 'Status' }).closest('section')!;
    expect(within(statusCard).getByText('Please try again later')).toBeInTheDocument();
  });

  const brandRule: TrafficRule = {
    id: 'r0', sourceId: 's2', source: 'Brand Search', version: 1, created: 't',
    rule: [{ type: 'any', utm: 'utmSource', value: '' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'equal', utm: 'utmCampaign', value: 'brand' }],
  };
  const fill = async (sourceId: string, type: string, value: string) => {
    await userEvent.selectOptions(await screen.findByLabelText('Source'), sourceId);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'utm source: match type' }), type);
    await userEvent.type(screen.getByRole('textbox', { name: 'utm source: value' }), value);
  };

  it('shows before saving which traffic would be linked to two sources: Cancel keeps the form, Create anyway sends acceptOverlap', async () => {
    mockSession(makeUser('ROLE_USER'));
    const { sent } = mockApi([brandRule]);
    renderApp('/marketing/utm-management');
    await screen.findByRole('button', { name: 'Delete the rule of Brand Search' });
    await fill('s1', 'contains', 'GOO');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: '1 traffic combination would be linked to two sources' });
    expect(within(dialog).getByText('google / cpc / brand', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('1,500 sessions, linked now to Brand Search')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'utm source: value' })).toHaveValue('GOO');
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ source: 's1', acceptOverlap: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'utm source: value' })).toHaveValue('');
  });

  it('asks about an overlap with a rule the page does not show (another page of rules): the server checks every rule', async () => {
    mockSession(makeUser('ROLE_USER'));
    const { sent } = mockApi([brandRule]);
    // The rules' first page holds none of them: the overlapping one is further on.
    server.use(http.get(api('/api/traffic-rules'), () => HttpResponse.json({ rules: [], next: 'page-2' })));
    renderApp('/marketing/utm-management');
    await fill('s1', 'contains', 'GOO');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: '1 traffic combination would be linked to two sources' });
    expect(within(dialog).getByText('1,500 sessions, linked now to Brand Search')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks nothing when only the same source links the traffic, and refuses the same rule again naming its source', async () => {
    mockSession(makeUser('ROLE_USER'));
    const { sent } = mockApi([brandRule]);
    renderApp('/marketing/utm-management');
    await screen.findByRole('button', { name: 'Delete the rule of Brand Search' });
    await fill('s2', 'equal', 'google');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'utm campaign: match type' }), 'equal');
    await userEvent.type(screen.getByRole('textbox', { name: 'utm campaign: value' }), ' BRAND ');
    await userEvent.selectOptions(screen.getByLabelText('Source'), 's1');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This rule exists already, for the source “Brand Search”: nothing was created.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('asks the server for a page of traffic: the search, the order, the page and the linked toggle in the URL and the request', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockApi();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(api('/api/traffic'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ ...traffic(false), next: 'NEXT' });
      }),
    );
    renderApp('/marketing/utm-management?q=goo&page=CUR');
    await screen.findByRole('columnheader', { name: /Sessions/ });
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'goo', dir: 'desc', cursor: 'CUR', linked: 'unlinked' });
    await userEvent.click(screen.getByRole('button', { name: /Sessions/ }));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'goo', dir: 'asc', linked: 'unlinked' }));
    expect(screen.getByTestId('location').textContent).toContain('dir=asc');
    await userEvent.click(screen.getByRole('checkbox', { name: /Also show the linked traffic/ }));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'goo', dir: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.at(-1)!.get('cursor')).toBe('NEXT'));
    expect(screen.getByTestId('location').textContent).toContain('page=NEXT');
  });
});
