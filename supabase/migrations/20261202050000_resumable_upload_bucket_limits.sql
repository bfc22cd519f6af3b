-- Resumable (TUS) uploads at /storage/v1/upload/resumable carry files past the 100 MB a single
-- request takes (decision 0176). The buckets that hold long recordings and large files say how
-- large one object may be: a call recording up to 2 GiB (an hour at the recorder's bitrate is
-- about 330 MiB), a file up to 5 GiB. The plan's file_storage still bounds what a user stores.
update storage.buckets set file_size_limit = 2::bigint * 1024 * 1024 * 1024
  where id = 'call-recordings';
update storage.buckets set file_size_limit = 5::bigint * 1024 * 1024 * 1024
  where id = 'files';
