import { useCallback, useEffect, useRef, useState } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../constants/tooltip';

/**
 * When the last tooltip closed, shared by every tooltip on the page (the shared package is a
 * federation singleton, so remotes share it too): moving on to the next trigger within the skip
 * delay opens its tooltip at once.
 */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Forgets the last close, so a test starts with the full delay. */
export function resetTooltipSkipDelay(): void {
  lastClosedAt = Number.NEGATIVE_INFINITY;
}

export interface TooltipOpenState {
  open: boolean;
  /** Opens after the delay, or at once within the skip delay of another tooltip closing. */
  requestOpen: () => void;
  close: () => void;
}

/** The open state of one tooltip with its delay and skip delay. */
export function useTooltipOpen(): TooltipOpenState {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openRef = useRef(false);

  const setOpenState = useCallback((next: boolean) => {
    if (openRef.current && !next) lastClosedAt = Date.now();
    openRef.current = next;
    setOpen(next);
  }, []);

  const cancelTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const requestOpen = useCallback(() => {
    if (openRef.current || timer.current !== undefined) return;
    if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) {
      setOpenState(true);
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setOpenState(true);
    }, TOOLTIP_DELAY_MS);
  }, [setOpenState]);

  const close = useCallback(() => {
    cancelTimer();
    setOpenState(false);
  }, [cancelTimer, setOpenState]);

  useEffect(() => cancelTimer, [cancelTimer]);

  return { open, requestOpen, close };
}
