/** Escapes text for HTML element content and attribute values. */
export function escapeText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A small page the functions answer to someone following an e-mail link in a browser. */
export function htmlPage(
  status: number,
  title: string,
  body: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeText(title)} - ProMatch</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><p><strong>ProMatch</strong></p><h1>${escapeText(title)}</h1>${body}</body></html>`,
    { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } },
  );
}
