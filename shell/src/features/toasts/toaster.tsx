import { dismissToast, useToasts } from '@promatch/shared';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { ToastCard } from './toast-card';

const Viewport = styled.ol`
  position: fixed;
  top: 0;
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(100vw, 26rem);
  margin: 0;
  padding: 1rem;
  list-style: none;
  pointer-events: none;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

/** F8 moves focus to the notifications, so keyboard users can reach a toast before it goes. */
function useViewportHotkey(viewport: React.RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [viewport]);
}

/** Draws the toasts any remote raises through `toast()` from @promatch/shared. */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useViewportHotkey(viewport);
  return (
    <Viewport ref={viewport} tabIndex={-1} aria-label="Notifications (F8)">
      {toasts
        .filter((item) => item.open)
        .map((item) => (
          <ToastCard key={item.id} toast={item} onDismiss={() => dismissToast(item.id)} />
        ))}
    </Viewport>
  );
}
