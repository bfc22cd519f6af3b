import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSwipe, type SwipeDirection } from './use-swipe';

/** The mobile menu exists below 768 px (tablets in portrait and phones). */
export const MOBILE_BREAKPOINT_PX = 768;

// The server (no window) draws the closed menu, which is the same at every width.
const isMobileWidth = () =>
  typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;

/**
 * Open state of the mobile menu: button toggles, swipe right opens and left closes, growing to
 * 768 px or more closes, navigating closes, body scroll locked while open.
 */
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState(isMobileWidth);
  const { pathname } = useLocation();

  useEffect(() => {
    const onResize = () => {
      const nowMobile = isMobileWidth();
      setMobile(nowMobile);
      if (!nowMobile) setOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const onSwipe = useCallback((direction: SwipeDirection) => {
    if (direction === 'right') setOpen(true);
    if (direction === 'left') setOpen(false);
  }, []);
  useSwipe(mobile, onSwipe);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, mobile, toggle, close };
}
