import { Component, type ReactNode } from 'react';
import styled from 'styled-components';

const Alert = styled.div`
  max-width: 40rem;
  margin: 3rem auto;
  padding: 0 1.25rem;
`;

/** Contains a failure in the route table itself ('Unexpected Application Error!'). */
export class RouterErrorBoundary extends Component<
  { children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Alert role="alert">
        <h2>Unexpected Application Error!</h2>
        <p>{this.state.error.message}</p>
        <a href="/">Go to Home Page</a>
      </Alert>
    );
  }
}
