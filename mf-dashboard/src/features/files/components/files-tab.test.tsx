import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { FilesTab } from './files-tab';

// The far side of supabase-js (tables, rpc, storage) and the upload transport.
let files: object[] = [];
let usedBytes = 0;
const update = jest.fn();
const remove = jest.fn();
const del = jest.fn();
jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  getSupabaseClient: () =>
    Promise.resolve({
      rpc: () => Promise.resolve({ data: [{ used_bytes: usedBytes, limit_mb: 500 }], error: null }),
      storage: {
        from: (bucket: string) => ({ remove: (paths: string[]) => remove(bucket, paths) }),
      },
      from: (table: string) => ({
        select: () => ({
          in: () => ({ order: () => Promise.resolve({ data: files, error: null }) }),
          order: () =>
            Promise.resolve({
              data:
                table === 'conversations'
                  ? [{ p1: { id: 'u-1', name: 'Me' }, p2: { id: 'b-1', name: 'Acme Ltd' } }]
                  : [],
              error: null,
            }),
        }),
        update: (values: object) => ({ eq: () => update(values) }),
        delete: () => ({ eq: (_: string, id: string) => del(id) }),
      }),
    }),
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
  update.mockResolvedValue({ error: null });
  remove.mockResolvedValue({ data: [], error: null });
  del.mockResolvedValue({ error: null });
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
    expect(update).toHaveBeenCalledWith({ shared_with: ['b-1'] });

    await userEvent.click(screen.getByRole('button', { name: 'Delete cv.pdf' }));
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete cv.pdf for good' }));
    expect(remove).toHaveBeenCalledWith('files', ['u-1/a-cv.pdf']);
    expect(del).toHaveBeenCalledWith('f1');
  });
});
