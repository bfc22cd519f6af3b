import { toast, useSession } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteFile, downloadFile, shareFile } from './file-actions';
import { storageUsageKeys } from '../../../lib/storage-usage/keys';
import { fileKeys } from './keys';
import { uploadFile } from './upload-file';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** Upload, share, delete and download, each refreshing the list and the usage bar it affects. */
export function useFileMutations() {
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.user?.id) ?? '';
  const [progress, setProgress] = useState<number | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fileKeys.list(userId) }),
      queryClient.invalidateQueries({ queryKey: storageUsageKeys.detail(userId) }),
    ]);

  const upload = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadFile(file, setProgress);
    },
    // An upload is not repeated behind the user's back: the bytes may already be stored.
    retry: false,
    onSuccess: async (_, file) => {
      toast({ title: 'File uploaded', description: file.name, variant: 'success' });
      await refresh();
    },
    onError: failed('Upload failed'),
    onSettled: () => setProgress(null),
  });
  const share = useMutation({
    mutationFn: ({ id, sharedWith }: { id: string; sharedWith: string[] }) =>
      shareFile(id, sharedWith),
    onSuccess: async () => {
      toast({ title: 'Sharing updated', variant: 'success' });
      await refresh();
    },
    onError: failed('Sharing not changed'),
  });
  const remove = useMutation({
    mutationFn: deleteFile,
    onSuccess: async () => {
      toast({ title: 'File deleted', variant: 'success' });
      await refresh();
    },
    onError: failed('File not deleted'),
  });
  const download = useMutation({ mutationFn: downloadFile, onError: failed('Download failed') });
  return { upload, progress, share, remove, download };
}
