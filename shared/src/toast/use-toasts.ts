import { useStore } from 'zustand';
import { toastStore, type ToastItem } from './toast-store';

/** The toasts currently queued (at most TOAST_LIMIT); the shell's toaster draws them. */
export function useToasts(): ToastItem[] {
  return useStore(toastStore, (state) => state.toasts);
}
