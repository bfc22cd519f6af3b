import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useOnlineStatus } from './use-online-status';

/** How long "Back online" stays after the connection returns. */
export const BACK_ONLINE_MS = 4000;

const Notice = styled.div<{ $offline: boolean }>`
  position: fixed;
  top: 0.75rem;
  left: 50%;
  transform: translateX(-50%);
  z-index: 90;
  max-width: calc(100vw - 2rem);
  padding: 0.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 600;
  background: ${({ $offline, theme }) =>
    $offline ? theme.colors.dangerStrong : theme.colors.successStrong};
  color: ${({ theme }) => theme.colors.onStrong};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  /* Kept in the page while empty (not display: none) so the live region is always heard. */
  &:empty {
    padding: 0;
    box-shadow: none;
    background: transparent;
  }
`;

/**
 * Says when the connection drops and when it returns. The live region is always in the page
 * (empty when there is nothing to say), so screen readers announce the change politely.
 */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  const [showBackOnline, setShowBackOnline] = useState(false);
  const wasOffline = useRef(!online);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setShowBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setShowBackOnline(true);
    const timer = setTimeout(() => setShowBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  let message = '';
  if (!online) message = 'You are offline. Some features may be unavailable until you reconnect.';
  else if (showBackOnline) message = 'You are back online.';
  return (
    <Notice role="status" aria-live="polite" $offline={!online} data-testid="offline-indicator">
      {message}
    </Notice>
  );
}
