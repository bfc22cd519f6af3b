import { readPkce, s256, verifierMatches } from './pkce.ts';

const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

describe('PKCE', () => {
  it('computes the RFC 7636 S256 challenge', () => {
    expect(s256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('checks verifiers for s256 and plain', () => {
    expect(verifierMatches(verifier, s256(verifier), 's256')).toBe(true);
    expect(verifierMatches(verifier, verifier, 'plain')).toBe(true);
    expect(verifierMatches(`${verifier}x`, s256(verifier), 's256')).toBe(false);
    expect(verifierMatches('short', 'short', 'plain')).toBe(false);
  });

  it('reads the challenge from a request body', () => {
    expect(readPkce({ code_challenge: null, code_challenge_method: null })).toBeUndefined();
    expect(readPkce({ code_challenge: s256(verifier), code_challenge_method: 's256' })).toEqual({
      challenge: s256(verifier),
      method: 's256',
    });
    expect(() => readPkce({ code_challenge: 'abc', code_challenge_method: 's256' })).toThrow(
      /43 and 128/,
    );
    expect(() =>
      readPkce({ code_challenge: s256(verifier), code_challenge_method: 'md5' }),
    ).toThrow(/s256 or plain/);
  });
});
