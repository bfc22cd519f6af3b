import { digestInterval, renderDigest } from './notification-digest.ts';
import { renderTeamInvitation } from './team-invitation-mail.ts';

describe('the digest e-mail', () => {
  const digest = {
    user_id: 'u1',
    email: 'nia@example.co.uk',
    name: 'Nia <Notify>',
    period: '2026-11-27',
    digest: 'daily' as const,
    items: [
      {
        title: 'A new project matches your profile',
        body: '"Booking API" was just published.',
        link: '/projects/p1',
        created_at: '2026-11-26T10:00:00Z',
      },
      { title: 'Notice', body: 'No link here.', link: null, created_at: '2026-11-26T11:00:00Z' },
    ],
  };

  it('lists each unread notification with an absolute link, and where to change the choice', () => {
    const mail = renderDigest(digest, 'https://promatch.example/');
    expect(mail.to).toBe('nia@example.co.uk');
    expect(mail.subject).toBe('Your daily ProMatch digest: 2 unread notifications');
    expect(mail.text).toContain(
      '- A new project matches your profile: "Booking API" was just published.\n  https://promatch.example/projects/p1',
    );
    expect(mail.text).toContain('- Notice: No link here.');
    expect(mail.links).toEqual([
      { label: 'A new project matches your profile', url: 'https://promatch.example/projects/p1' },
      { label: 'Notification settings', url: 'https://promatch.example/smart-notifications' },
    ]);
    // names and titles are escaped in the HTML part
    expect(mail.html).toContain('Nia &lt;Notify&gt;');
    expect(mail.html).not.toContain('<Notify>');
  });

  it('runs every minute unless told otherwise; 0 turns the job off', () => {
    expect(digestInterval({})).toBe(60_000);
    expect(digestInterval({ NOTIFICATION_DIGEST_INTERVAL_MS: '0' })).toBe(0);
    expect(digestInterval({ NOTIFICATION_DIGEST_INTERVAL_MS: 'soon' })).toBe(60_000);
  });
});

it('the invitation e-mail carries the single-use link to /teams and its expiry', () => {
  const mail = renderTeamInvitation(
    {
      invitation_id: 'i1',
      email: 'colin@example.co.uk',
      token: 'abc123',
      team_name: 'Hiring squad',
      inviter_name: 'Olivia Owner',
      role: 'admin',
      expires_at: '2026-12-03T10:00:00Z',
    },
    'http://localhost:3000',
  );
  expect(mail.subject).toBe('Join Hiring squad on ProMatch');
  expect(mail.links).toEqual([
    { label: 'Accept the invitation', url: 'http://localhost:3000/teams?invitation=abc123' },
  ]);
  expect(mail.text).toContain('as an admin');
  expect(mail.text).toContain('expires on 3 December 2026');
});
