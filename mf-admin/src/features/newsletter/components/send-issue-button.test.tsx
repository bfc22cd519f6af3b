import { renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsletterIssue } from '../api/newsletter-issues';
import { sentSummary } from './newsletter-page';
import { SendIssueButton } from './send-issue-button';

it('sends only after the confirmation, and cancel sends nothing', async () => {
  const user = userEvent.setup();
  const sent: string[] = [];
  renderWithProviders(
    <SendIssueButton
      subject="November news"
      onSend={async () => {
        sent.push('November news');
      }}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Send…' }));
  expect(screen.getByRole('group', { name: 'Confirm sending' })).toHaveTextContent(
    'Send “November news” now to every confirmed subscriber?',
  );
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(sent).toEqual([]);
  expect(screen.queryByRole('group', { name: 'Confirm sending' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Send…' }));
  await user.click(screen.getByRole('button', { name: 'Yes, send it' }));
  expect(sent).toEqual(['November news']);
  expect(await screen.findByRole('button', { name: 'Send…' })).toBeInTheDocument();
});

it('summarises what an issue sent', () => {
  const issue = (patch: Partial<NewsletterIssue>) =>
    ({
      status: 'sent',
      sent_count: 0,
      recipient_count: 0,
      failed_count: 0,
      ...patch,
    }) as NewsletterIssue;
  expect(sentSummary(issue({ status: 'draft' }))).toBe('—');
  expect(sentSummary(issue({ status: 'sending', sent_count: 3, recipient_count: 10 }))).toBe(
    '3 of 10 sent',
  );
  expect(sentSummary(issue({ sent_count: 9, recipient_count: 10, failed_count: 1 }))).toBe(
    '9 of 10 sent, 1 failed',
  );
});
