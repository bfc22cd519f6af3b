/**
 * Headers on every backend response, whatever the surface (auth, rest, storage, functions,
 * realtime HTTP, health, and the answer to a request Node cannot parse). The API answers JSON,
 * files and, in development, the outbox page: `nosniff` keeps a browser from running an uploaded
 * file or a JSON answer as script or HTML, and `no-referrer` keeps the address of an API answer
 * (an outbox page with a sign-in link, a signed storage URL) out of the requests it leads to.
 * The six frontend apps send the same two (server/src/security-headers.mjs); an API has no pages
 * that need the referrer, so it sends none.
 */
export const apiSecurityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
