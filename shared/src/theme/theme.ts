/** Design tokens for light and dark themes; the brand colour is #2563eb (also the theme-color). */
export interface AppTheme {
  mode: 'light' | 'dark';
  colors: {
    primary: string;
    primaryHover: string;
    onPrimary: string;
    background: string;
    surface: string;
    text: string;
    mutedText: string;
    border: string;
    danger: string;
    success: string;
    focus: string;
  };
  radius: string;
  fontFamily: string;
}

const shared = {
  radius: '8px',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

const THEME_COLOUR = '#2563eb';

export const lightTheme: AppTheme = {
  ...shared,
  mode: 'light',
  colors: {
    primary: THEME_COLOUR,
    primaryHover: '#1d4ed8',
    onPrimary: '#ffffff',
    background: '#ffffff',
    surface: '#f8fafc',
    text: '#0f172a',
    mutedText: '#475569',
    border: '#e2e8f0',
    danger: '#b91c1c',
    success: '#15803d',
    focus: '#1d4ed8',
  },
};

export const darkTheme: AppTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    primary: '#3b82f6',
    primaryHover: '#60a5fa',
    onPrimary: '#0b1120',
    background: '#0b1120',
    surface: '#111827',
    text: '#f1f5f9',
    mutedText: '#cbd5e1',
    border: '#334155',
    danger: '#f87171',
    success: '#4ade80',
    focus: '#93c5fd',
  },
};
