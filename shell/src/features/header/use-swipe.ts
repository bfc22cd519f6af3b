import { useEffect } from 'react';

/** A swipe needs more than 50 px, so a tap is not a swipe; the dominant axis decides direction. */
const SWIPE_THRESHOLD_PX = 50;

export type SwipeDirection = 'left' | 'right' | 'up' | 'down' | null;

export function swipeDirection(dx: number, dy: number): SwipeDirection {
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return null;
    return dx > 0 ? 'right' : 'left';
  }
  if (Math.abs(dy) <= SWIPE_THRESHOLD_PX) return null;
  return dy > 0 ? 'down' : 'up';
}

/** Calls `onSwipe` with the direction of each horizontal or vertical swipe on the page. */
export function useSwipe(enabled: boolean, onSwipe: (direction: SwipeDirection) => void) {
  useEffect(() => {
    if (!enabled) return undefined;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (start && touch) onSwipe(swipeDirection(touch.clientX - start.x, touch.clientY - start.y));
      start = null;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [enabled, onSwipe]);
}
