import { createStore } from 'zustand/vanilla';

/**
 * One toast visible at a time, shown for 5 s by default, ids counted from 1; a dismissed toast is
 * removed from the list after 1,000,000 ms.
 */
export const TOAST_LIMIT = 1;
const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it open. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
}

/*
 * Toasts are raised by any remote and drawn by the shell. This store lives in @promatch/shared, a
 * federation singleton, so there is one queue per page.
 */
const toastStore = createStore<ToastState>()(() => ({ toasts: [] }));
let nextId = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function update(id: string, changes: Partial<ToastItem>): void {
  toastStore.setState(({ toasts }) => ({
    toasts: toasts.map((item) => (item.id === id ? { ...item, ...changes } : item)),
  }));
}

function removeToast(id?: string): void {
  toastStore.setState(({ toasts }) => ({
    toasts: id === undefined ? [] : toasts.filter((item) => item.id !== id),
  }));
}

/** Closes a toast (all toasts without an id); it is removed from the queue later. */
export function dismissToast(id?: string): void {
  const targets = toastStore.getState().toasts.filter((item) => id === undefined || item.id === id);
  for (const item of targets) {
    update(item.id, { open: false });
    if (!removalTimers.has(item.id)) {
      removalTimers.set(
        item.id,
        setTimeout(() => {
          removalTimers.delete(item.id);
          removeToast(item.id);
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

/** Shows a toast; the newest replaces the one on screen. */
export function toast(input: ToastInput) {
  nextId += 1;
  const id = String(nextId);
  const item: ToastItem = {
    duration: TOAST_DEFAULT_DURATION,
    variant: 'default',
    ...input,
    id,
    open: true,
  };
  toastStore.setState(({ toasts }) => ({ toasts: [item, ...toasts].slice(0, TOAST_LIMIT) }));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: Partial<ToastInput>) => update(id, changes),
  };
}

export { toastStore };

/** For tests: empty the queue and restart ids at 1. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  nextId = 0;
  removeToast();
}
