import { css } from 'styled-components';

/**
 * For a block that starts below the first screen (a home-page section, the footer, a search
 * result card): the browser skips laying out and painting its contents until it nears the
 * viewport, and keeps its box at `estimatedHeight` meanwhile (`auto` then remembers the real
 * height once drawn, so the scrollbar does not jump back). On this project's 2 vCPU machines the
 * first layout of the home page took 25-70 ms of the main thread for a page ten screens tall on a
 * phone, most of it for content nobody could see yet (docs/benchmarks.md). The content stays in
 * the document and in the accessibility tree: find in page, links, headings and screen readers
 * reach it as before.
 */
export const renderWhenNearViewport = (estimatedHeight: string) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${estimatedHeight};
`;
