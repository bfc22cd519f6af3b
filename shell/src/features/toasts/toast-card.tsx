import { Icon, type ToastItem } from '@promatch/shared';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styled from 'styled-components';

/** Swipe right more than 50 px to dismiss, the same threshold as the menu's swipe. */
const SWIPE_DISMISS_PX = 50;

/** A plain list item: axe's `list` rule allows only `li` children without a role in an `ol`. */
const Item = styled.li`
  pointer-events: auto;
`;

const Card = styled.div<{ $variant: ToastItem['variant'] }>`
  position: relative;
  padding: 0.9rem 2.5rem 0.9rem 1rem;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid
    ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme, $variant }) =>
    $variant === 'destructive' ? theme.colors.danger : theme.colors.background};
  color: ${({ theme, $variant }) =>
    $variant === 'destructive' ? theme.colors.onDanger : theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  touch-action: pan-y;
`;

const Title = styled.p`
  margin: 0;
  font-weight: 700;
`;

const Description = styled.p`
  margin: 0.2rem 0 0;
`;

const Close = styled.button`
  position: absolute;
  top: 0.4rem;
  right: 0.4rem;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.2rem;
  cursor: pointer;
  border-radius: 4px;
`;

/** Closes the toast after its duration, paused while the pointer or focus is on it. */
function useAutoDismiss(duration: number | undefined, paused: boolean, onDismiss: () => void) {
  useEffect(() => {
    if (paused || duration === undefined || !Number.isFinite(duration)) return undefined;
    const timer = setTimeout(onDismiss, duration);
    return () => clearTimeout(timer);
  }, [duration, paused, onDismiss]);
}

export function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  useAutoDismiss(toast.duration, paused, onDismiss);

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current !== null && event.clientX - swipeStart.current > SWIPE_DISMISS_PX) {
      onDismiss();
    }
    swipeStart.current = null;
    setOffset(0);
  };

  return (
    <Item>
      <Card
        $variant={toast.variant}
        role={toast.variant === 'destructive' ? 'alert' : 'status'}
        aria-atomic="true"
        // Inline style: the swipe offset follows the pointer, a new value on every move.
        style={offset ? { transform: `translateX(${offset}px)` } : undefined}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <Title>{toast.title}</Title>
        {toast.description ? <Description>{toast.description}</Description> : null}
        <Close type="button" aria-label="Dismiss notification" onClick={onDismiss}>
          <Icon name="close" />
        </Close>
      </Card>
    </Item>
  );
}
