import { useEffect, type RefObject } from 'react';

type Refs = RefObject<HTMLElement | null> | RefObject<HTMLElement | null>[];

/** Closes a popup on Escape or on a pointer press outside every element in `inside`. */
export function useDismiss(open: boolean, inside: Refs, close: () => void) {
  useEffect(() => {
    if (!open) return undefined;
    const refs = Array.isArray(inside) ? inside : [inside];
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!refs.some((ref) => ref.current?.contains(target))) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, inside, close]);
}
