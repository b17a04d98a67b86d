import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/messages/en';
import { ListState } from './list-state';

describe('ListState', () => {
  const notice = { tone: 'success', id: 'notice.companySaved', values: { name: 'Acme' } } as const;

  it('says the last action’s outcome above the empty message: deleting the last row still says so', () => {
    render(
      <IntlProvider locale="en" messages={en}>
        <ListState data={[]} error={undefined} empty="common.somethingWrong" notice={notice}>
          <p>rows</p>
        </ListState>
      </IntlProvider>,
    );
    expect(screen.getByText('Company Acme saved')).toBeInTheDocument();
    expect(screen.getByText(en['common.somethingWrong'])).toBeInTheDocument();
    expect(screen.queryByText('rows')).toBeNull();
  });

  it('leaves the notice to the list itself when there are rows (its table shows it once)', () => {
    render(
      <IntlProvider locale="en" messages={en}>
        <ListState data={[1]} error={undefined} empty="common.somethingWrong" notice={notice}>
          <p>rows</p>
        </ListState>
      </IntlProvider>,
    );
    expect(screen.getByText('rows')).toBeInTheDocument();
    expect(screen.queryByText('Company Acme saved')).toBeNull();
  });
});
