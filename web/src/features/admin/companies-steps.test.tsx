import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { STEP_TYPES } from 'shared/domain/types';
import { en as appEn } from '../../i18n/messages/en';
import { StepsSetting } from './companies-steps';
import { en } from './messages/en';

describe('the companies’ steps dialog', () => {
  it('offers every step type of the spec, Piano Analytics included, the hidden ones apart', async () => {
    const onChange = vi.fn();
    render(
      <IntlProvider locale="en" messages={{ ...appEn, ...en }}>
        <StepsSetting value={['sources']} onChange={onChange} product="360" />
      </IntlProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Steps setting (1)' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(STEP_TYPES.length);
    for (const step of STEP_TYPES) expect(within(dialog).getByRole('checkbox', { name: appEn[`step.name.${step}`] })).toBeInTheDocument();
    const hidden = within(dialog).getByRole('group', { name: en['companies.steps.hidden'] });
    expect(within(hidden).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([appEn['step.name.ga_access'], appEn['step.name.ga_dimension'], appEn['step.name.utm_rules']]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Piano Analytics' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en['companies.steps.done'] }));
    expect(onChange).toHaveBeenCalledWith(['sources', 'piano_analytics']);
  });
});
