import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ComponentErrorScreen } from './component-error-screen';

const DEFAULT_COMPONENT_RETRIES = 3;

export interface ComponentErrorBoundaryProps {
  component: string;
  children: ReactNode;
  /** Retries allowed before the page is reloaded: 3 unless configured, like the root boundary. */
  maxRetries?: number;
  /** Called on each retry, e.g. to rebuild a lazily loaded remote. */
  onRetry?(attempt: number): void;
  /** Injected in tests; defaults to a full page reload. */
  reloadPage?(): void;
}

interface State {
  error: Error | null;
  retries: number;
}

/**
 * Contains a failure to one area of the page: the header, the footer and the other remotes keep
 * working while this area shows the component error screen.
 */
export class ComponentErrorBoundary extends Component<ComponentErrorBoundaryProps, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.component}]`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    const { maxRetries = DEFAULT_COMPONENT_RETRIES, onRetry, reloadPage } = this.props;
    const attempt = this.state.retries + 1;
    if (attempt > maxRetries) {
      (reloadPage ?? (() => window.location.reload()))();
      return;
    }
    onRetry?.(attempt);
    this.setState({ error: null, retries: attempt });
  };

  override render(): ReactNode {
    if (this.state.error) {
      return <ComponentErrorScreen component={this.props.component} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
