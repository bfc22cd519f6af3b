import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { FilesTab } from './files-tab';

// The far side of supabase-js (tables, rpc, storage) and the upload transport.
let files: object[] = [];
let usedBytes = 0;
const mockFake = fakeSupabase((call) => {
  if (call.rpc) return { data: [{ used_bytes: usedBytes, limit_mb: 500 }] };
  if (call.bucket) return { data: [] };
  if (opArgs(call, 'update') || opArgs(call, 'delete')) return {};
  if (call.table === 'files') return { data: files };
  if (call.table === 'conversations')
    return { data: [{ p1: { id: 'u-1', name: 'Me' }, p2: { id: 'b-1', name: 'Acme Ltd' } }] };
  return { error: { message: `unexpected ${call.table}` } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const callsWith = (op: string) =>
  mockFake.calls
    .filter((call) => opArgs(call, op))
    .map((call) => ({
      to: call.table ?? call.bucket,
      [op]: opArgs(call, op),
      eq: opArgs(call, 'eq'),
    }));

let finishUpload: () => void = () => undefined;
jest.mock('../api/upload-file', () => ({
  uploadFile: (file: File, onProgress: (percent: number) => void) => {
    onProgress(40);
    return new Promise<void>((resolve) => {
      finishUpload = () => {
        files = [
          {
            id: 'f1',
            bucket: 'files',
            owner_id: 'u-1',
            name: file.name,
            storage_path: `u-1/x-${file.name}`,
            mime_type: 'text/plain',
            size_bytes: file.size,
            shared_with: [],
            created_at: '2026-11-24T09:00:00Z',
            owner: { name: 'Me' },
          },
        ];
        usedBytes = 3 * 1024 * 1024;
        resolve();
      };
    });
  },
}));

const session = {
  session: {
    user: {
      id: 'u-1',
      email: 'me@example.co.uk',
      name: 'Me',
      type: 'professional' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
  },
};

beforeEach(() => {
  files = [];
  usedBytes = 0;
  mockFake.calls.length = 0;
});

describe('the files tab', () => {
  it('uploads with a progress bar, then lists the file and moves the usage bar', async () => {
    renderWithProviders(<FilesTab />, session);
    expect(await screen.findByText('0 bytes of 500 MB used')).toBeInTheDocument();
    const file = new File(['hello'], 'brief.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Upload a file'), file);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '40',
    );
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    finishUpload();
    expect(await screen.findByRole('rowheader', { name: 'brief.txt' })).toBeInTheDocument();
    expect(await screen.findByText('3 MB of 500 MB used')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });

  it('shares a file with a conversation partner and deletes it after confirmation', async () => {
    files = [
      {
        id: 'f1',
        bucket: 'files',
        owner_id: 'u-1',
        name: 'cv.pdf',
        storage_path: 'u-1/a-cv.pdf',
        mime_type: 'application/pdf',
        size_bytes: 2048,
        shared_with: [],
        created_at: '2026-11-24T09:00:00Z',
        owner: { name: 'Me' },
      },
    ];
    renderWithProviders(<FilesTab />, session);
    await userEvent.click(await screen.findByRole('button', { name: 'Share cv.pdf' }));
    const group = screen.getByRole('group', { name: 'Share cv.pdf with' });
    await userEvent.click(within(group).getByLabelText('Acme Ltd'));
    await userEvent.click(within(group).getByRole('button', { name: 'Save sharing' }));
    await waitFor(() =>
      expect(callsWith('update')).toEqual([
        { to: 'files', update: [{ shared_with: ['b-1'] }], eq: ['id', 'f1'] },
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete cv.pdf' }));
    expect(callsWith('remove')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete cv.pdf for good' }));
    await waitFor(() =>
      expect(callsWith('delete')).toEqual([{ to: 'files', delete: [], eq: ['id', 'f1'] }]),
    );
    expect(callsWith('remove')).toEqual([
      { to: 'files', remove: [['u-1/a-cv.pdf']], eq: undefined },
    ]);
  });
});
