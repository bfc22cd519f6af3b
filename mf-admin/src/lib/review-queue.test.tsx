import { renderWithProviders } from '@promatch/shared/testing';
import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QueueItems, StatusFilter } from './review-queue';

type Item = { id: string; name: string };

const queueOf = (state: Partial<UseQueryResult<Item[]>>) =>
  ({ isPending: false, error: null, data: undefined, ...state }) as UseQueryResult<Item[]>;

const renderQueue = (queue: UseQueryResult<Item[]>, loading?: string) =>
  renderWithProviders(
    <QueueItems queue={queue} loading={loading} empty="Nothing to review.">
      {(item) => <li key={item.id}>{item.name}</li>}
    </QueueItems>,
  );

it('lists the queued items', () => {
  renderQueue(
    queueOf({
      data: [
        { id: '1', name: 'Acme Ltd' },
        { id: '2', name: 'Bolt plc' },
      ],
    }),
  );
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Acme Ltd',
    'Bolt plc',
  ]);
  expect(screen.queryByText('Nothing to review.')).not.toBeInTheDocument();
});

it('says when the queue is empty, with no list', () => {
  renderQueue(queueOf({ data: [] }));
  expect(screen.getByText('Nothing to review.')).toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

it('announces a failure, and says it is loading only when asked to', () => {
  const { unmount } = renderQueue(queueOf({ isPending: true }));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  unmount();
  renderQueue(queueOf({ isPending: true }), 'Loading reports…');
  expect(screen.getByRole('status')).toHaveTextContent('Loading reports…');
  renderQueue(queueOf({ error: new Error('permission denied') }));
  expect(screen.getByRole('alert')).toHaveTextContent('permission denied');
});

it('switches the status shown', async () => {
  function Filter() {
    const [status, setStatus] = useState<'open' | 'closed'>('open');
    return (
      <>
        <StatusFilter
          label="Show"
          value={status}
          options={[
            ['open', 'Open'],
            ['closed', 'Closed'],
          ]}
          onChange={setStatus}
        />
        <p>Showing {status}</p>
      </>
    );
  }
  renderWithProviders(<Filter />);
  expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('open');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Closed');
  expect(screen.getByText('Showing closed')).toBeInTheDocument();
});
