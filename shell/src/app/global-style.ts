import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fontFamily};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    line-height: 1.5;
  }
  a { color: ${({ theme }) => theme.colors.primary}; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  #root { min-height: 100vh; display: flex; flex-direction: column; }
  /* At least a screen tall, so the footer starts below the fold while a remote is loading and
     is not pushed down (a layout shift) when the page arrives. */
  main { flex: 1; min-height: 100vh; }
  main:focus { outline: none; }
`;
