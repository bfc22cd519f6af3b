import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { parseFilters } from '../hooks/search-params';
import { SearchFiltersForm } from './search-filters';

describe('SearchFiltersForm', () => {
  it('applies a select at once and text fields on submit, resetting to page 1', async () => {
    const onChange = jest.fn();
    const filters = parseFilters(new URLSearchParams('q=react&page=3'));
    renderWithProviders(<SearchFiltersForm filters={filters} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ q: 'react', sort: 'rating', page: 1 }),
    );
    await userEvent.type(screen.getByLabelText('Location'), 'Leeds');
    await userEvent.type(screen.getByLabelText('Max rate (£/hr)'), '90');
    await userEvent.click(screen.getByLabelText('Verified only'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ location: 'Leeds', rateMax: 90, verified: true }),
    );
  });

  it('shows the current URL filters and offers the 12 categories', () => {
    const filters = parseFilters(new URLSearchParams('category=ux-ui-design&rating=4&verified=1'));
    renderWithProviders(
      <SearchFiltersForm filters={filters} onChange={jest.fn()} showQuery={false} />,
    );
    expect(screen.queryByLabelText('Skill, role or keyword')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('ux-ui-design');
    expect(screen.getByLabelText('Minimum rating')).toHaveValue('4');
    expect(screen.getByLabelText('Verified only')).toBeChecked();
    expect(within(screen.getByLabelText('Category')).getAllByRole('option')).toHaveLength(1 + 12);
  });
});
