import { css } from 'styled-components';

/**
 * For a block that starts below the first screen (a home-page section, the footer, a search
 * result card): the browser skips laying out and painting its contents until it nears the
 * viewport, and keeps its box at `estimatedHeight` meanwhile (`auto` then remembers the real
 * height once drawn, so the scrollbar does not jump back). On this project's 2 vCPU machines a
 * relayout of the home page, ten screens tall on a phone, took 6-58 ms with everything laid out
 * and 1.5-6.6 ms with this (docs/benchmarks.md). The content stays in
 * the document and in the accessibility tree: find in page, links, headings and screen readers
 * reach it as before.
 */
export const renderWhenNearViewport = (estimatedHeight: string) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${estimatedHeight};
`;
