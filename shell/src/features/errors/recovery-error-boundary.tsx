import { Button } from '@promatch/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The recovery variant shows 'Recovering...' for 1 s before retrying, so the retry is visible. */
export const RECOVERY_DELAY_MS = 1000;

interface Props {
  component: string;
  children: ReactNode;
  maxRetries?: number;
  reloadPage?(): void;
}

interface State {
  error: Error | null;
  retries: number;
  recovering: boolean;
}

/** For self-contained parts of the shell (banners, widgets) that can simply try again. */
export class RecoveryErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0, recovering: false };
  private timer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, recovering: false };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.component}]`, error, info.componentStack);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.timer);
  }

  private readonly retry = () => {
    const max = this.props.maxRetries ?? 3;
    if (this.state.retries >= max)
      return (this.props.reloadPage ?? (() => window.location.reload()))();
    this.setState({ recovering: true });
    this.timer = setTimeout(
      () =>
        this.setState(({ retries }) => ({ error: null, recovering: false, retries: retries + 1 })),
      RECOVERY_DELAY_MS,
    );
  };

  override render(): ReactNode {
    const { error, retries, recovering } = this.state;
    if (!error) return this.props.children;
    if (recovering) return <p role="status">Recovering...</p>;
    return (
      <div role="alert">
        <h2>{this.props.component} Error</h2>
        <p>
          Retry attempts: {retries}/{this.props.maxRetries ?? 3}
        </p>
        <Button type="button" $size="sm" onClick={this.retry}>
          Try Again
        </Button>{' '}
        <Button
          type="button"
          $size="sm"
          $variant="outline"
          onClick={() => window.location.reload()}
        >
          Reload Page
        </Button>{' '}
        <Button as="a" href="/" $size="sm" $variant="ghost">
          Go Home
        </Button>
      </div>
    );
  }
}
