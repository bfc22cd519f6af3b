import { render, screen } from '@testing-library/react';
import { RouterErrorBoundary } from './router-error-boundary';

function BrokenRoutes(): never {
  throw new Error('route table exploded');
}

test('a failure in the route table shows the router fallback', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <RouterErrorBoundary>
      <BrokenRoutes />
    </RouterErrorBoundary>,
  );
  expect(
    screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
  ).toBeInTheDocument();
  expect(screen.getByText('route table exploded')).toBeInTheDocument();
  jest.restoreAllMocks();
});
