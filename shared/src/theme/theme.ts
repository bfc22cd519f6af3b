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
    /** Rules that must stand out more than `border`: table header rules, dividers. */
    borderStrong: string;
    danger: string;
    /** Text and icons on a `danger` background. */
    onDanger: string;
    success: string;
    warning: string;
    focus: string;
    /** Tinted backgrounds for badges and chips, each with its readable text colour. */
    neutralSoft: string;
    onNeutralSoft: string;
    primarySoft: string;
    onPrimarySoft: string;
    successSoft: string;
    onSuccessSoft: string;
    warningSoft: string;
    onWarningSoft: string;
    /** A deep brand band (announcements) with its text colour. */
    emphasis: string;
    onEmphasis: string;
    /** Solid status bars (offline, back online) with white text. */
    dangerStrong: string;
    successStrong: string;
    onStrong: string;
    /** Behind video: always dark, whatever the theme, so a picture is not framed by glare. */
    media: string;
    mediaSurface: string;
    onMedia: string;
    /** The dimmed page behind a modal dialog. */
    backdrop: string;
  };
  /** The spacing scale every layout primitive's gap and padding comes from. */
  space: Record<Space, string>;
  /** Corner radii; `radius` is `radii.md`, kept for the components that read it. */
  radii: { sm: string; md: string; lg: string; pill: string };
  radius: string;
  /** Elevation: `sm` for small floating buttons, `md` for popovers, toasts and banners. */
  shadows: { sm: string; md: string; lg: string };
  fontFamily: string;
}

export type Space = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

const shared = {
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '0.75rem',
    lg: '1rem',
    xl: '1.5rem',
    xxl: '2rem',
  },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  radius: '8px',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

const THEME_COLOUR = '#2563eb';

/** Colours that are the same in both themes: bands and bars that carry their own contrast. */
const fixedColours = {
  emphasis: '#1e3a8a',
  onEmphasis: '#ffffff',
  dangerStrong: '#7f1d1d',
  successStrong: '#14532d',
  onStrong: '#ffffff',
  media: '#0f172a',
  mediaSurface: '#1e293b',
  onMedia: '#ffffff',
  backdrop: 'rgb(15 23 42 / 0.5)',
};

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
    borderStrong: '#cbd5e1',
    danger: '#b91c1c',
    onDanger: '#ffffff',
    success: '#15803d',
    warning: '#b45309',
    focus: '#1d4ed8',
    neutralSoft: '#e2e8f0',
    onNeutralSoft: '#1e293b',
    primarySoft: '#dbeafe',
    onPrimarySoft: '#1e3a8a',
    successSoft: '#dcfce7',
    onSuccessSoft: '#14532d',
    warningSoft: '#fef3c7',
    onWarningSoft: '#78350f',
    ...fixedColours,
  },
  shadows: {
    sm: '0 4px 14px rgb(15 23 42 / 0.15)',
    md: '0 10px 30px rgb(15 23 42 / 0.18)',
    lg: '0 6px 20px rgb(15 23 42 / 0.25)',
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
    borderStrong: '#475569',
    danger: '#f87171',
    onDanger: '#0b1120',
    success: '#4ade80',
    warning: '#fbbf24',
    focus: '#93c5fd',
    neutralSoft: '#334155',
    onNeutralSoft: '#f1f5f9',
    primarySoft: '#1e3a8a',
    onPrimarySoft: '#dbeafe',
    successSoft: '#14532d',
    onSuccessSoft: '#dcfce7',
    warningSoft: '#78350f',
    onWarningSoft: '#fef3c7',
    ...fixedColours,
  },
  shadows: {
    sm: '0 4px 14px rgb(0 0 0 / 0.4)',
    md: '0 10px 30px rgb(0 0 0 / 0.5)',
    lg: '0 6px 20px rgb(0 0 0 / 0.6)',
  },
};
