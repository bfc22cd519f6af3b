import { evidenceProblem } from './verification-api';

const file = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('evidenceProblem', () => {
  it('accepts a PDF or an image up to 10 MB', () => {
    expect(evidenceProblem(file('certificate.pdf', 'application/pdf', 1000))).toBeNull();
    expect(evidenceProblem(file('id.jpg', 'image/jpeg', 10 * 1024 * 1024))).toBeNull();
  });

  it('names the file and the rule it breaks', () => {
    expect(evidenceProblem(file('notes.docx', 'application/msword', 10))).toBe(
      'notes.docx: use a PDF, PNG, JPEG or WebP file.',
    );
    expect(evidenceProblem(file('scan.png', 'image/png', 10 * 1024 * 1024 + 1))).toBe(
      'scan.png is larger than 10 MB.',
    );
  });
});
