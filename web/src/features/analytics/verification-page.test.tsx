import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccessCheckAnswer, DimensionCheckAnswer } from 'shared/domain/analytics';
import type { Company, StepStatus } from 'shared/domain/types';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

/**
 * The verification pages over msw: every rule of the Check button and the Verification Type,
 * then each outcome (granted, denied with Google's words, low, success, error, non-standard
 * values, events), in English and French.
 */

const DENIED = 'User does not have sufficient permissions for this property.';

const company = (over: Partial<Company> = {}): Company => ({
  id: 'c1', name: 'Acme', product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null,
  integrationSteps: ['ga_access', 'ga_dimension'], version: 1, ...over,
});
const granted = (over: Partial<AccessCheckAnswer> = {}): AccessCheckAnswer => ({
  code: 200, errors: [], total: 20_000, property: { id: '100001', name: 'Sandbox shop' }, viewIdStored: true, trafficImported: 6, otherResource: null, ...over,
});
const denied: AccessCheckAnswer = { code: 403, errors: [{ message: DENIED }], total: null, property: null, viewIdStored: false, trafficImported: null, otherResource: null };
const cov = (withDimension: number, total: number) => ({ withDimension, total, percent: Math.floor((withDimension / total) * 10_000) / 100 });
const dimension = (over: Partial<DimensionCheckAnswer> = {}): DimensionCheckAnswer => ({
  code: 200, errors: [], method: 'dimension',
  dimension: { index: 1, apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'client_id', scope: 'EVENT' },
  sessions: cov(19_700, 20_000), transactions: cov(388, 400), events: null, non_standard_format: null, dimensionIndexStored: true, otherResource: null, ...over,
});

function mockApi({ access = granted(), dim = dimension(), steps = 'TBD' as StepStatus, stored = company() } = {}) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const state = { steps };
  const record = (path: string, answer: AccessCheckAnswer | DimensionCheckAnswer) => async ({ request }: { request: Request }) => {
    calls.push({ path, body: await request.json() });
    return HttpResponse.json(answer);
  };
  server.use(
    http.get(api('/api/users/find-current-company'), () => HttpResponse.json(stored)),
    http.get(api('/api/integration-status'), () =>
      HttpResponse.json({
        companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 0, feedChecked: false,
        steps: [{ stepType: 'ga_access', status: state.steps, updated: null }, { stepType: 'ga_dimension', status: state.steps, updated: null }],
      }),
    ),
    http.get(api('/api/traffic'), () => HttpResponse.json({ rows: [], unlinkedUtms: 0, unlinkedSessions: 0, totalSessions: 0, totalUtms: 0 })),
    http.post(api('/api/analytics/access'), record('access', access)),
    http.post(api('/api/analytics/dimension'), record('dimension', dim)),
    http.post(api('/api/analytics/events'), record('events', dim)),
  );
  return { calls, state };
}

const check = () => screen.getByRole('button', { name: 'Check' });
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const card = (label: string) => screen.getByText(label, { selector: '.eyebrow' }).closest('section')!;

describe('verification page: a check of another View ID than the stored one', () => {
  it.each([
    // (Testing Library reads the no-break space before the French colon as a space.)
    ['en', 'Check', 'This is not your company’s View ID, which is 100002: the step is not changed'],
    ['fr', 'Vérifier', 'Ce n’est pas le View ID de votre société, qui est 100002 : l’étape n’est pas modifiée'],
    ['ru', 'Проверить', 'Это не View ID вашей компании, её View ID — 100002: этап не изменён'],
  ] as const)('shows the result and, in %s, that the step is not changed', async (locale, button, notice) => {
    mockSession(makeUser());
    const other = { kind: 'viewId', stored: '100002' } as const;
    const { calls } = mockApi({ access: granted({ viewIdStored: false, trafficImported: null, otherResource: other }), dim: dimension({ dimensionIndexStored: false, otherResource: other }), stored: company({ viewId: '100002', dimensionIndex: '1' }) });
    renderApp('/analytics/access', { locale });
    const submit = await screen.findByRole('button', { name: button });
    const viewId = screen.getAllByRole('textbox')[0]!;
    await userEvent.clear(viewId);
    await userEvent.type(viewId, '100005');
    await userEvent.click(submit);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'access', body: { view_id: '100005' } }]);
  });
});

describe('verification page: field rules', () => {
  it('disables Check per the spec and follows the Verification Type', async () => {
    mockSession(makeUser());
    mockApi();
    renderApp('/analytics');
    const viewId = await screen.findByRole('textbox', { name: /^View id/ });
    const method = screen.getByRole('combobox', { name: 'Method' });
    const action = field(/^Event action/);
    expect(screen.getByRole('radio', { name: 'Access & Dimension' })).toBeChecked();
    expect(check()).toBeDisabled();

    // View id under 5 characters.
    await userEvent.type(viewId, '1234');
    expect(check()).toBeDisabled();
    await userEvent.type(viewId, '5');
    // Access & Dimension: the dimension is needed.
    expect(check()).toBeDisabled();
    await userEvent.type(field(/^Dimension index/), '1');
    expect(check()).toBeEnabled();

    // Events: the event action is needed; it is disabled for the Transactions method.
    expect(action).toBeDisabled();
    expect(method).toHaveDisplayValue('Transactions');
    await userEvent.selectOptions(method, 'events');
    expect(action).toBeEnabled();
    expect(check()).toBeDisabled();
    await userEvent.type(action, 'purchase');
    expect(check()).toBeEnabled();

    // Access Only: method and event action disabled, Check needs only the view id.
    await userEvent.clear(field(/^Dimension index/));
    expect(check()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Access Only' }));
    expect(method).toBeDisabled();
    expect(action).toBeDisabled();
    expect(check()).toBeEnabled();
    expect(screen.getByText(/typing an index switches back/)).toBeInTheDocument();
    expect(screen.queryByText('Custom dimension', { selector: '.eyebrow' })).not.toBeInTheDocument();

    // Typing a dimension switches back to Access & Dimension.
    await userEvent.type(field(/^Dimension index/), '2');
    expect(screen.getByRole('radio', { name: 'Access & Dimension' })).toBeChecked();
    expect(method).toBeEnabled();
    expect(action).toBeEnabled();

    await userEvent.clear(viewId);
    await userEvent.type(viewId, '12ab5');
    expect(check()).toBeEnabled();
    await userEvent.click(check());
    expect(await screen.findByText('The view id is a number (digits only, at most 20)')).toBeInTheDocument();
  });

  it('the access page has the view id only; the dimension page has no Verification Type', async () => {
    mockSession(makeUser());
    mockApi({ stored: company({ viewId: '100001', dimensionIndex: '1' }) });
    const { unmount } = renderApp('/analytics/access');
    expect(await screen.findByRole('textbox', { name: /^View id/ })).toHaveValue('100001');
    expect(screen.queryByRole('textbox', { name: /^Dimension index/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(check()).toBeEnabled();
    unmount();

    renderApp('/analytics/custom-dimension');
    expect(await screen.findByRole('textbox', { name: /^Dimension index/ })).toHaveValue('1');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(field(/^Event action/)).toBeDisabled();
    expect(check()).toBeEnabled();
  });
});

describe('verification page: outcomes', () => {
  it('granted then set up well: both counts, the formula, imported traffic, steps read again', async () => {
    mockSession(makeUser());
    const { calls, state } = mockApi({ stored: company({ viewId: '100001', dimensionIndex: '1' }) });
    renderApp('/analytics');
    expect(within(await screen.findByText('Custom dimension', { selector: '.eyebrow' }).then((e) => e.closest('section')!)).getByText('To be verified')).toBeInTheDocument();
    expect(screen.getByText('Make sure to grant an access before checking it')).toBeInTheDocument();
    state.steps = 'done';
    await userEvent.click(check());

    expect(await screen.findByText('Set up well')).toBeInTheDocument();
    expect(calls).toEqual([
      { path: 'access', body: { view_id: '100001' } },
      { path: 'dimension', body: { view_id: '100001', dimension: '1' } },
    ]);
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Dimension 1: client_id')).toBeInTheDocument();
    expect(screen.getByText('customEvent:client_id, scope: event')).toBeInTheDocument();
    expect(screen.getByText('98.5%')).toBeInTheDocument();
    expect(screen.getByText('19,700 of 20,000 with the dimension set')).toBeInTheDocument();
    expect(screen.getByText('97%')).toBeInTheDocument();
    expect(screen.getByText('388 of 400 with the dimension set')).toBeInTheDocument();
    expect(screen.getByText('98.5%').closest('.analytics-figure')).toHaveClass('analytics-figure-success');
    expect(screen.getByText(/^Coverage = items with the dimension set ÷ all items over the last 30 days/)).toBeInTheDocument();
    // Access is done and so is the dimension: no separate access card.
    expect(screen.queryByText('Analytics access', { selector: '.eyebrow' })).not.toBeInTheDocument();
  });

  it('access granted with imported traffic, Access Only', async () => {
    mockSession(makeUser());
    const { calls } = mockApi();
    renderApp('/analytics');
    await userEvent.click(await screen.findByRole('radio', { name: 'Access Only' }));
    await userEvent.type(field(/^View id/), '100001');
    await userEvent.click(check());
    const access = await screen.findByText('Access granted');
    const section = access.closest('section')!;
    expect(within(section).getByText('We can read Sandbox shop: 20,000 sessions over the last 30 days.')).toBeInTheDocument();
    expect(within(section).getByText('6 UTM combinations of the last 30 days were imported.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Link them to your sources' })).toHaveAttribute('href', '/marketing/utm-management');
    expect(calls.map((c) => c.path)).toEqual(['access']);
  });

  it('access denied: Google’s message and the instructions; no dimension check', async () => {
    mockSession(makeUser());
    const { calls } = mockApi({ access: denied });
    renderApp('/analytics');
    await userEvent.type(await screen.findByRole('textbox', { name: /^View id/ }), '100002');
    await userEvent.type(field(/^Dimension index/), '1');
    await userEvent.click(check());
    const section = (await screen.findByText('Access denied')).closest('section')!;
    expect(within(section).getByText(DENIED)).toBeInTheDocument();
    expect(within(section).getByText('Please make sure to follow the instructions')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['access']);
    expect(within(card('Custom dimension')).getByText('To be verified')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to grant access' })).toBeInTheDocument();
  });

  it('a failed access call is denied with the generic message', async () => {
    mockSession(makeUser());
    mockApi();
    server.use(http.post(api('/api/analytics/access'), () => HttpResponse.error()));
    renderApp('/analytics/access');
    await userEvent.type(await screen.findByRole('textbox', { name: /^View id/ }), '100001');
    await userEvent.click(check());
    const section = (await screen.findByText('Access denied')).closest('section')!;
    expect(within(section).getByText('Something went wrong...')).toBeInTheDocument();
    expect(within(section).getByText('Please try again later')).toBeInTheDocument();
  });

  it('low coverage: almost there, colours by band, access card kept', async () => {
    mockSession(makeUser());
    mockApi({ dim: dimension({ sessions: cov(7_000, 10_000), transactions: cov(100, 200), dimensionIndexStored: false }) });
    renderApp('/analytics');
    await userEvent.type(await screen.findByRole('textbox', { name: /^View id/ }), '100004');
    await userEvent.type(field(/^Dimension index/), '1');
    await userEvent.click(check());
    const section = (await screen.findByText('Almost there')).closest('section')!;
    expect(within(section).getByText(/both figures need 95% or more/)).toBeInTheDocument();
    expect(screen.getByText('70%').closest('.analytics-figure')).toHaveClass('analytics-figure-warning');
    expect(screen.getByText('50%').closest('.analytics-figure')).toHaveClass('analytics-figure-danger');
    expect(within(card('Analytics access')).getByText('Access granted')).toBeInTheDocument();
  });

  it('dimension page: 403 is the access-denied headline with the generic message; 404 an error with the server’s', async () => {
    mockSession(makeUser());
    const { calls } = mockApi({ stored: company({ viewId: '100002', dimensionIndex: '1' }), dim: dimension({ code: 403, errors: [{ message: DENIED }], sessions: null, transactions: null, dimension: null }) });
    renderApp('/analytics/custom-dimension');
    await userEvent.click(await screen.findByRole('button', { name: 'Check' }));
    const section = (await screen.findByText('Access denied')).closest('section')!;
    expect(within(section).getByText('Please make sure to follow the instructions')).toBeInTheDocument();
    expect(within(section).getByText(`Google Analytics answered: ${DENIED}`)).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['dimension']);

    const missing = 'Custom dimension 3 does not exist: the property has 2 custom dimensions (1 to 2).';
    server.use(http.post(api('/api/analytics/dimension'), () => HttpResponse.json(dimension({ code: 404, errors: [{ message: missing }], sessions: null, transactions: null, dimension: null }))));
    await userEvent.click(check());
    const error = (await screen.findByText('Error')).closest('section')!;
    expect(within(error).getByText(missing)).toBeInTheDocument();
  });

  it('zero traffic: an error saying nothing was measured', async () => {
    mockSession(makeUser());
    mockApi({ stored: company({ viewId: '100006', dimensionIndex: '1' }), dim: dimension({ sessions: { percent: null, withDimension: 0, total: 0 }, transactions: { percent: null, withDimension: 0, total: 0 } }) });
    renderApp('/analytics/custom-dimension');
    await userEvent.click(await screen.findByRole('button', { name: 'Check' }));
    const error = (await screen.findByText('Error')).closest('section')!;
    expect(within(error).getByText(/Nothing could be measured/)).toBeInTheDocument();
    expect(screen.getAllByText('Not measured')).toHaveLength(2);
  });

  it('events and non-standard values: totals, unique values, collapsible labels, the first ten values', async () => {
    mockSession(makeUser());
    const items = Array.from({ length: 10 }, (_, i) => ({ value: `GA1.2.${i}`, sessions: 100 - i }));
    const { calls } = mockApi({
      stored: company({ viewId: '100005', dimensionIndex: '1' }),
      dim: dimension({
        method: 'events', transactions: null,
        events: { ...cov(99, 100), unique: 97, items: [{ label: '1234.5678', count: 2 }, { label: '999.111', count: 1 }] },
        non_standard_format: { items, total: 12 },
      }),
    });
    renderApp('/analytics/custom-dimension');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Method' }), 'events');
    await userEvent.type(field(/^Event action/), 'purchase');
    await userEvent.click(check());
    expect(await screen.findByText('Set up well')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'events', body: { view_id: '100005', dimension: '1', event_action: 'purchase' } }]);
    expect(screen.getByText('Events', { selector: '.analytics-figure-name' })).toBeInTheDocument();
    expect(screen.getByText('100 events named purchase, 97 distinct values of the dimension.')).toBeInTheDocument();
    const summary = screen.getByText('Example event labels (2)', { selector: 'summary' });
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('1234.5678')).toBeInTheDocument();
    expect(screen.getByText('12 values are not in the standard format', { selector: '.callout-title' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '12 values are not in the standard format' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('GA1.2.0')).toBeInTheDocument();
  });

  it('shows Stage Completed for done steps before any check', async () => {
    mockSession(makeUser());
    mockApi({ steps: 'done' });
    renderApp('/analytics/access');
    expect(await screen.findByText('Stage completed')).toBeInTheDocument();
  });
});

describe('verification page in French', () => {
  it('low coverage and denial read in French, numbers formatted for French', async () => {
    mockSession(makeUser());
    mockApi({ dim: dimension({ sessions: cov(7_000, 10_000), transactions: cov(100, 200) }) });
    renderApp('/analytics', { locale: 'fr' });
    const viewId = await screen.findByRole('textbox', { name: /^ID de vue/ });
    expect(screen.getByRole('radio', { name: 'Accès et dimension' })).toBeChecked();
    const button = screen.getByRole('button', { name: 'Vérifier' });
    expect(button).toBeDisabled();
    await userEvent.type(viewId, '100004');
    await userEvent.type(screen.getByRole('textbox', { name: /^Index de la dimension/ }), '1');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText('Presque prêt')).toBeInTheDocument();
    expect(screen.getByText(/^70\s%$/)).toBeInTheDocument();
    expect(screen.getByText(/^7\s000 sur 10\s000 avec la dimension renseignée$/)).toBeInTheDocument();

    server.use(http.post(api('/api/analytics/access'), () => HttpResponse.json(denied)));
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByText('Accès refusé')).toBeInTheDocument());
    expect(screen.getByText('Veuillez suivre les instructions')).toBeInTheDocument();
    expect(screen.getByText(DENIED)).toBeInTheDocument();
  });
});
