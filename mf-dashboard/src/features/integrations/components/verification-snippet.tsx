import styled from 'styled-components';

/** Node.js code a receiver uses to check a delivery's signature (shown on the page as is). */
export const VERIFICATION_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string, before JSON.parse)
export function verifyProMatchWebhook(rawBody, headers, secret) {
  const timestamp = headers['x-promatch-timestamp'];
  const signature = headers['x-promatch-signature'] ?? '';
  // refuse old deliveries, so a captured request cannot be replayed later
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected =
    'v1=' + createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}`;

/** A long line of code scrolls sideways inside its box instead of widening the page. */
const CodeBlock = styled.pre`
  overflow-x: auto;
`;

export function VerificationSnippet() {
  return (
    <section aria-labelledby="webhook-verify-heading">
      <h3 id="webhook-verify-heading">Check that a delivery came from ProMatch</h3>
      <p>
        Each delivery is a POST with a JSON body <code>{'{ id, type, created_at, data }'}</code> and
        two headers: <code>X-ProMatch-Timestamp</code> (seconds since 1970) and{' '}
        <code>X-ProMatch-Signature</code>, which is <code>v1=</code> followed by the hex HMAC-SHA256
        of the timestamp, a full stop and the raw body, keyed with the webhook&apos;s signing
        secret. Answer with any 2xx status within 10 seconds; anything else is retried up to 5 more
        times, waiting twice as long each time. After 15 failed attempts in a row the webhook is
        turned off until you turn it back on.
      </p>
      <CodeBlock role="region" tabIndex={0} aria-label="Signature check in Node.js">
        <code>{VERIFICATION_SNIPPET}</code>
      </CodeBlock>
    </section>
  );
}
