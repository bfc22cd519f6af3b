import { ErrorCode } from './codes.ts';
import { AuthError, errorResponse } from './errors.ts';

const newApi = { headers: { 'x-supabase-api-version': '2024-01-01' } };
const legacy = { headers: {} };

describe('errorResponse', () => {
  const error = new AuthError(400, ErrorCode.invalidCredentials, 'Invalid login credentials');

  it('answers the 2024-01-01 shape with the version header when the client sent it', () => {
    expect(errorResponse(error, newApi)).toEqual({
      status: 400,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
  });

  it('answers the legacy shape otherwise', () => {
    expect(errorResponse(error, legacy)).toEqual({
      status: 400,
      body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
    });
  });

  it('keeps extra fields such as weak_password.reasons', () => {
    const weak = new AuthError(
      422,
      ErrorCode.weakPassword,
      'Password should be at least 6 characters.',
      {
        weak_password: { reasons: ['length'] },
      },
    );
    expect(errorResponse(weak, newApi).body).toMatchObject({
      weak_password: { reasons: ['length'] },
    });
  });

  it('hides unexpected errors behind a generic 500', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = errorResponse(new Error('connection string with secrets'), newApi);
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('secrets');
    spy.mockRestore();
  });
});
