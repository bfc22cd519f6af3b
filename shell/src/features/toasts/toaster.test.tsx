import { lightTheme, resetToasts, toast } from '@promatch/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Toaster } from './toaster';

function renderToaster() {
  render(
    <ThemeProvider theme={lightTheme}>
      <Toaster />
    </ThemeProvider>,
  );
}

// jsdom has no PointerEvent; a MouseEvent carries the clientX the swipe needs.
if (!('PointerEvent' in window)) {
  Object.assign(window, { PointerEvent: class extends MouseEvent {} });
}

describe('Toaster', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetToasts();
  });
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time and closes it after 5 seconds', () => {
    renderToaster();
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Welcome back!' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back!');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  });

  it('announces destructive toasts as alerts', () => {
    renderToaster();
    act(() => {
      toast({
        title: 'Login Failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Login FailedInvalid email or password');
  });

  it('keeps each toast a plain list item with the live region inside it', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Saved' });
    });
    const list = screen.getByRole('list', { name: 'Notifications (F8)' });
    const item = screen.getByRole('listitem');
    expect(list).toContainElement(item);
    expect(item).not.toHaveAttribute('role');
    expect(item).toContainElement(screen.getByRole('status'));
  });

  it('moves focus to the notifications on F8', () => {
    renderToaster();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('list', { name: 'Notifications (F8)' })).toHaveFocus();
  });

  it('is dismissed by a swipe right of more than 50 px', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Swipe me' });
    });
    const card = screen.getByRole('status');
    fireEvent.pointerDown(card, { clientX: 100 });
    fireEvent.pointerMove(card, { clientX: 160 });
    fireEvent.pointerUp(card, { clientX: 160 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });
});
