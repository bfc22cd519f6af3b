import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RootErrorScreen } from './root-error-screen';

/** The root allows 3 retries, then the page reloads: a fresh start beats an endless retry loop. */
const ROOT_MAX_RETRIES = 3;

interface Props {
  children: ReactNode;
  reloadPage?(): void;
}

interface State {
  error: Error | null;
  retries: number;
}

/** The last line of defence: anything the areas below did not contain lands here. */
export class RootErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[Application]', error, info.componentStack);
  }

  private readonly reload = () => (this.props.reloadPage ?? (() => window.location.reload()))();

  private readonly retry = () => {
    if (this.state.retries >= ROOT_MAX_RETRIES) return this.reload();
    this.setState(({ retries }) => ({ error: null, retries: retries + 1 }));
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <RootErrorScreen
        attempt={this.state.retries + 1}
        maxAttempts={ROOT_MAX_RETRIES + 1}
        onRetry={this.retry}
        onRefresh={this.reload}
      />
    );
  }
}
