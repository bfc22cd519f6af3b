import { Button, useSession, type AccountType } from '@promatch/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { readDismissed, rememberDismissed } from './dismissed-announcements';
import { useLatestAnnouncement } from './get-announcement';

const Banner = styled.section`
  background: ${({ theme }) => theme.colors.emphasis};
  color: ${({ theme }) => theme.colors.onEmphasis};
  div {
    max-width: 72rem;
    margin: 0 auto;
    padding: 0.6rem 1.25rem;
    display: flex;
    gap: 1rem;
    align-items: center;
    justify-content: space-between;
  }
  p {
    margin: 0;
  }
  button {
    color: ${({ theme }) => theme.colors.onEmphasis};
    border-color: ${({ theme }) => theme.colors.onEmphasis};
  }
`;

function LatestAnnouncement({ userId, accountType }: { userId: string; accountType: AccountType }) {
  const { data: announcement } = useLatestAnnouncement(accountType);
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  if (!announcement || dismissed.includes(announcement.id)) return null;
  const dismiss = () => {
    rememberDismissed(userId, announcement.id);
    setDismissed(readDismissed(userId));
  };
  return (
    <Banner aria-label="Announcement">
      <div>
        <p>
          <strong>{announcement.title}</strong> {announcement.message}
        </p>
        <Button type="button" $variant="outline" $size="sm" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
    </Banner>
  );
}

/** One announcement for signed-in users, shown until they dismiss it. */
export default function AnnouncementBanner() {
  const userId = useSession((state) => state.user?.id);
  const accountType = useSession((state) => state.accountType ?? 'professional');
  if (!userId) return null;
  return <LatestAnnouncement key={userId} userId={userId} accountType={accountType} />;
}
