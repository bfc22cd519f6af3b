import { ErrorBox } from '../../../lib/form-layout';

/** 'Please fix the following errors:' with every problem the submit-time check found. */
export function ErrorsBox({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ErrorBox role="alert">
      <strong>Please fix the following errors:</strong>
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </ErrorBox>
  );
}
