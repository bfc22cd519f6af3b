/**
 * Only same-site paths are accepted as returnTo: '/dashboard?tab=files' yes; 'https://evil.example',
 * '//evil.example', '/\evil.example' and control characters no (an open redirect is a defect).
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.example' would become '//evil...'.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
