import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { DataTable } from './table';

it('names the table and its keyboard-scrollable region by the caption', () => {
  renderWithProviders(
    <DataTable caption="Invoices" columns={['Number', { label: 'Total', align: 'end' }]}>
      <tr>
        <th scope="row">INV-1</th>
        <td data-align="end">£10.00</td>
      </tr>
    </DataTable>,
  );
  const table = screen.getByRole('table', { name: 'Invoices' });
  const region = screen.getByRole('region', { name: 'Invoices' });
  expect(region).toContainElement(table);
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveStyle({ overflowX: 'auto' });
  const headers = within(table).getAllByRole('columnheader');
  expect(headers.map((header) => header.textContent)).toEqual(['Number', 'Total']);
  expect(headers[1]).toHaveAttribute('data-align', 'end');
  expect(within(table).getByRole('cell', { name: '£10.00' })).toBeInTheDocument();
  expect(within(table).getByRole('rowheader', { name: 'INV-1' })).toBeInTheDocument();
});

it('takes a fixed caption id for pages rendered on the server', () => {
  renderWithProviders(
    <DataTable caption="Retention" id="retention-caption" columns={['Data']}>
      <tr>
        <td>Messages</td>
      </tr>
    </DataTable>,
  );
  expect(screen.getByRole('region', { name: 'Retention' })).toHaveAttribute(
    'aria-labelledby',
    'retention-caption',
  );
});

it('can show the caption to screen readers only and still name the table', () => {
  renderWithProviders(
    <DataTable caption="Permissions" captionHidden columns={['Action']}>
      <tr>
        <td>Invite</td>
      </tr>
    </DataTable>,
  );
  const table = screen.getByRole('table', { name: 'Permissions' });
  const hidden = within(table).getByText('Permissions');
  expect(hidden).toHaveStyle({ position: 'absolute', width: '1px' });
});
