import { Page, useSeo } from '@promatch/shared';
import { Link, useLocation } from 'react-router-dom';
import { GdprTables } from './gdpr-tables';

/** Shown at both /gdpr and /compliance (both URLs are public); canonical is /gdpr. */
export function GdprPage() {
  const { pathname } = useLocation();
  useSeo({
    title: pathname === '/compliance' ? 'Compliance: GDPR' : 'GDPR Compliance',
    description:
      'How ProMatch meets UK GDPR: lawful bases for each use of data, your rights and how to use them, retention periods and cookie categories.',
    path: '/gdpr',
  });
  return (
    <Page
      heading="GDPR Compliance"
      title={pathname === '/compliance' ? 'Compliance: GDPR' : 'GDPR Compliance'}
      lead="How ProMatch meets UK GDPR: lawful bases, your rights and how to use them, and retention."
    >
      <GdprTables />
      <h2>How to use your rights in ProMatch</h2>
      <ul>
        <li>
          <strong>Access and portability:</strong> Dashboard → Settings → Download my data. We build
          one JSON file in the background (the page shows its progress) holding your account details
          (e-mail, sign-up and last sign-in dates), your profile and company, every record of yours
          in every table (projects, proposals, messages and conversations, appointments, reviews you
          gave and received, favourites, files, teams, plan and usage, and analytics tied to you),
          anything you sent us under your e-mail address (newsletter sign-up, contact messages) and
          the files you stored, avatar included. Passwords and security secrets are never in it.
          When it is ready the page gives you a download link that works for an hour; the file stays
          in private storage that only you can read until you make a new one or delete your account.
        </li>
        <li>
          <strong>Rectification:</strong> edit your name and profile in Dashboard → Settings; ask us
          to correct anything else.
        </li>
        <li>
          <strong>Erasure:</strong> Dashboard → Settings → Delete my account. You type DELETE MY
          ACCOUNT to confirm; we then remove your files from storage (your avatar, every file you
          uploaded and your data exports), delete your account and, with it, your profile, plan and
          usage, favourites, projects and proposals, teams, file records, conversations and
          messages, appointments, reviews you gave and received, presence and your usage analytics;
          page-view events are kept without your identity. You are signed out at once, and nothing
          of yours can be read through ProMatch afterwards. It cannot be undone.
        </li>
        <li>
          <strong>Withdraw consent:</strong> change your analytics choice on the{' '}
          <Link to="/cookies">Cookie Policy</Link> page at any time. Every newsletter e-mail ends
          with an unsubscribe link made for your address alone (signed, so nobody can unsubscribe
          anyone else); it opens a page where one button stops the newsletter to that address at
          once. Signing up again later starts it again.
        </li>
        <li>
          <strong>Object or restrict:</strong> write to us; we answer every request within one
          month.
        </li>
      </ul>
      <p>
        If you are unhappy with our answer you can complain to the Information Commissioner's Office
        (ico.org.uk).
      </p>
    </Page>
  );
}
