import { renderOutboxList, renderOutboxMessage } from './outbox-page.ts';
import type { OutboxMessage } from './outbox-store.ts';

const message: OutboxMessage = {
  id: 7,
  created_at: '2026-11-22T03:00:00.000Z',
  from: 'ProMatch <no-reply@promatch.local>',
  to: '"><script>alert(1)</script>@example.com',
  subject: 'Confirm <b>now</b>',
  text: 'Confirm: http://localhost:54321/auth/v1/verify?token=abc&type=signup',
  html: '<p>Hi</p><script>alert(2)</script>',
  links: [{ label: 'Confirm', url: 'http://localhost:54321/auth/v1/verify?token=abc&type=signup' }],
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('outbox page', () => {
  it('lists messages with clickable links and escapes everything from the message', () => {
    const page = renderOutboxList([message]);
    expect(page).toContain('href="/outbox/7"');
    expect(page).toContain(
      'href="http://localhost:54321/auth/v1/verify?token=abc&amp;type=signup"',
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('Confirm &lt;b&gt;now&lt;/b&gt;');
  });

  it('shows one message with its body in a sandboxed frame', () => {
    const page = renderOutboxMessage(message);
    expect(page).toMatch(/<iframe sandbox="[^"]*" srcdoc="&lt;p&gt;Hi/);
    expect(page).not.toContain('<script>');
  });

  it('says when there is no e-mail yet', () => {
    expect(renderOutboxList([])).toContain('No e-mail yet');
  });
});
