import { applyAccessibilitySettings, getAccessibilitySettings } from '@promatch/shared';
import { useLayoutEffect } from 'react';
import { createGlobalStyle, css } from 'styled-components';

const stillMotion = css`
  *,
  *::before,
  *::after {
    animation-duration: 0.01ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    scroll-behavior: auto !important;
  }
`;

/**
 * Document-level rules keyed on the attributes `applyAccessibilitySettings` puts on <html>, so
 * they reach every remote's page without the remote knowing about them.
 */
const Styles = createGlobalStyle`
  html[data-a11y-reduced-motion='true'] { ${stillMotion} }
  /* The operating system's wish is honoured even when the setting is off. */
  @media (prefers-reduced-motion: reduce) { html { ${stillMotion} } }

  html[data-a11y-high-contrast='true'] body {
    color: ${({ theme }) => (theme.mode === 'dark' ? '#ffffff' : '#000000')};
    background: ${({ theme }) => (theme.mode === 'dark' ? '#000000' : '#ffffff')};
  }
  html[data-a11y-high-contrast='true'] :is(p, li, label, h1, h2, h3, h4, h5, h6, dt, dd, td, th) {
    color: inherit !important;
  }
  html[data-a11y-high-contrast='true'] a {
    text-decoration: underline !important;
    text-decoration-thickness: 2px !important;
  }
  html[data-a11y-high-contrast='true'] :is(button, input, select, textarea) {
    border: 2px solid currentColor !important;
  }

  html[data-a11y-focus-visible='true'] :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus} !important;
    outline-offset: 2px !important;
    box-shadow: 0 0 0 6px ${({ theme }) => theme.colors.background} !important;
  }
`;

/** Applies the stored settings before the first paint, and their document-wide styles. */
export function AccessibilityStyles() {
  useLayoutEffect(() => applyAccessibilitySettings(getAccessibilitySettings()), []);
  return <Styles />;
}
