import { attachmentProblem, formatBytes } from './attachment-limits';

const limits = { maxBytes: 10 * 1024 * 1024, types: ['image/png', 'application/pdf'] };

describe('attachment limits', () => {
  test('a file over the size limit is refused, naming the limit and its size', () => {
    expect(attachmentProblem({ size: 11 * 1024 * 1024, type: 'image/png' }, limits)).toBe(
      'Files can be at most 10 MB; this one is 11 MB.',
    );
  });

  test('a type the bucket does not accept is refused; an accepted one passes', () => {
    expect(attachmentProblem({ size: 10, type: 'application/x-msdownload' }, limits)).toMatch(
      /^This type of file cannot be sent\./,
    );
    expect(
      attachmentProblem({ size: limits.maxBytes, type: 'application/pdf' }, limits),
    ).toBeNull();
  });

  test('sizes read the way people say them', () => {
    expect([512, 2048, 1.5 * 1024 * 1024].map(formatBytes)).toEqual([
      '512 bytes',
      '2 KB',
      '1.5 MB',
    ]);
  });
});
