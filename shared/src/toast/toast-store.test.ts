import { dismissToast, resetToasts, toast, toastStore, TOAST_REMOVE_DELAY } from './toast-store';

describe('toasts', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetToasts();
  });
  afterEach(() => jest.useRealTimers());

  it('numbers toasts from 1 and keeps only the newest visible', () => {
    const first = toast({ title: 'Welcome back!' });
    const second = toast({
      title: 'Login Failed',
      description: 'Invalid email or password',
      variant: 'destructive',
    });
    expect(first.id).toBe('1');
    expect(second.id).toBe('2');
    expect(toastStore.getState().toasts).toEqual([
      expect.objectContaining({ id: '2', title: 'Login Failed', open: true, duration: 5000 }),
    ]);
  });

  it('updates a toast in place', () => {
    const shown = toast({ title: 'Subscribing…' });
    shown.update({ title: 'Successfully Subscribed!' });
    expect(toastStore.getState().toasts[0]?.title).toBe('Successfully Subscribed!');
  });

  it('closes a dismissed toast and removes it after 1,000,000 ms', () => {
    const shown = toast({ title: 'Saved' });
    dismissToast(shown.id);
    expect(toastStore.getState().toasts[0]?.open).toBe(false);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(toastStore.getState().toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(toastStore.getState().toasts).toHaveLength(0);
  });
});
