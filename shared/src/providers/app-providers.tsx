import { useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useSession } from '../session/session-registry';
import { darkTheme, lightTheme } from '../theme/theme';

const darkQuery = '(prefers-color-scheme: dark)';

function useSystemPrefersDark(): boolean {
  const [prefersDark, setPrefersDark] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(darkQuery).matches === true,
  );
  useEffect(() => {
    const media = window.matchMedia?.(darkQuery);
    if (!media) return undefined;
    const follow = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return prefersDark;
}

/** The theme the visitor chose, with 'system' following the operating system live. */
function useResolvedTheme() {
  const preference = useSession((state) => state.theme);
  const systemDark = useSystemPrefersDark();
  const dark = preference === 'dark' || (preference === 'system' && systemDark);
  return dark ? darkTheme : lightTheme;
}

/** The theme, shared by the shell and every standalone remote host. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useResolvedTheme();
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
