import { Badge, useSession, VisuallyHidden } from '@promatch/shared';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PopoverAnchor, PopoverPanel } from './popover';
import { PresenceDot } from './presence-dot';
import { useDismiss } from './use-dismiss';
import { avatarInitials } from './user-display';

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.25rem 0.5rem 0.25rem 0.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
`;

const Avatar = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: 0.85rem;
`;

const Identity = styled.div`
  padding: 0.5rem 0.6rem 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 0.4rem;
  p {
    margin: 0;
  }
`;

const TYPE_LABEL = { professional: 'Professional', business: 'Business' } as const;
const TYPE_BADGE = { professional: 'Pro', business: 'Biz' } as const;

export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const user = useSession((state) => state.user);
  const isAdmin = useSession((state) => state.isAdmin);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, anchor, close);
  if (!user) return null;

  return (
    <PopoverAnchor ref={anchor}>
      <Trigger
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* Named by its content, not aria-label, so the name includes what is visible (WCAG 2.5.3). */}
        <VisuallyHidden>Account menu for {user.name}, </VisuallyHidden>
        <Avatar aria-hidden="true">{avatarInitials(user.name)}</Avatar>
        <PresenceDot />
      </Trigger>
      {open ? (
        <PopoverPanel id={panelId}>
          <Identity>
            <p>
              <strong>{user.name}</strong>
            </p>
            <p>
              {TYPE_LABEL[user.type]} Account <Badge $tone="primary">{TYPE_BADGE[user.type]}</Badge>
            </p>
          </Identity>
          <nav aria-label="Account">
            <ul onClick={close}>
              <li>
                <Link to="/dashboard">Dashboard</Link>
              </li>
              <li>
                <Link to="/messages">Messages</Link>
              </li>
              <li>
                <Link to="/dashboard?tab=settings">Settings</Link>
              </li>
              {isAdmin ? (
                <li>
                  <Link to="/management">Admin</Link>
                </li>
              ) : null}
              <li>
                <button type="button" onClick={onLogout}>
                  Log Out
                </button>
              </li>
            </ul>
          </nav>
        </PopoverPanel>
      ) : null}
    </PopoverAnchor>
  );
}
