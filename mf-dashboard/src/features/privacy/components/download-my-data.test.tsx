import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { DownloadMyData } from './download-my-data';

// The far side of supabase-js: the user's newest data_exports row, the function, the signed link.
let latest: Record<string, unknown> | null = null;
const mockFake = fakeSupabase((call) => {
  if (call.fn === 'export-my-data') {
    latest = row({ progress: 40 });
    return { data: { export_id: 'e1' } };
  }
  if (call.bucket) {
    const path = opArgs(call, 'createSignedUrl')?.[0] as string;
    return { data: { signedUrl: `https://files.test/${path}?token=t` } };
  }
  if (call.table === 'data_exports') return { data: latest };
  return { error: { message: `unexpected ${call.table}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const row = (fields: Record<string, unknown>) => ({
  id: 'e1',
  status: 'building',
  progress: 0,
  storage_path: null,
  row_count: null,
  file_count: null,
  size_bytes: null,
  error: null,
  created_at: '2026-11-26T09:00:00Z',
  ...fields,
});

const session = { user: { id: 'u1', email: 'u1@example.com' } as never };

beforeEach(() => {
  latest = null;
  mockFake.calls.length = 0;
});

it('starts an export, shows its progress, then links to the file', async () => {
  renderWithProviders(<DownloadMyData />, { session });
  await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
  expect(mockFake.calls.filter((call) => call.fn)).toEqual([
    { fn: 'export-my-data', args: {}, ops: [] },
  ]);
  const bar = await screen.findByRole('progressbar', { name: /Building your export: 40%/ });
  expect(bar).toHaveAttribute('value', '40');
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeDisabled();

  latest = row({
    status: 'ready',
    progress: 100,
    storage_path: 'u1/e1.json',
    row_count: 212,
    file_count: 20,
    size_bytes: 3_500_000,
  });
  const link = await screen.findByRole(
    'link',
    { name: 'Download your data (JSON, 3.3 MB)' },
    {
      timeout: 3000,
    },
  );
  expect(link).toHaveAttribute('href', 'https://files.test/u1/e1.json?token=t');
  expect(screen.getByText(/212 records and 20 files/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Build a new export' })).toBeEnabled();
});

it('says so when the export failed', async () => {
  latest = row({ status: 'failed', error: 'The export could not be built. Please try again.' });
  renderWithProviders(<DownloadMyData />, { session });
  expect(await screen.findByRole('alert')).toHaveTextContent('The export could not be built.');
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
});
