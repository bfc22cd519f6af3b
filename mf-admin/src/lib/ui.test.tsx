import { renderWithProviders } from '@promatch/shared/testing';
import { screen, within } from '@testing-library/react';
import { DataTable } from './ui';

it('draws a captioned table whose header names each column', () => {
  renderWithProviders(
    <DataTable caption="Admin accounts" columns={['Name', 'Role']}>
      <tr>
        <td>Ada</td>
        <td>Admin</td>
      </tr>
    </DataTable>,
  );
  const table = screen.getByRole('table', { name: 'Admin accounts' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Role']);
  expect(within(table).getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
  expect(within(table).getAllByRole('row')).toHaveLength(2);
});
