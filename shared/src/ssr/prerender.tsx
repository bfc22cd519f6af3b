/*
 * Server only (decisions 0035, 0108): the renderers that the remotes and the shell build for Node
 * into dist-ssr/ draw their pages with these. Reached only through its own package path,
 * `@promatch/shared/server-render`, never from the package's index, so react-dom's server
 * renderer and styled-components' server sheet stay out of every browser bundle.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { lightTheme } from '../theme/theme';

/** What a remote's renderer answers the shell's server for one of its pages. */
export interface RenderedPage {
  html: string;
  css: string;
  /** The page's title and head tags, or '' for a page that sets its title in the browser. */
  head: string;
  /** react-query's dehydrated cache: the data the page was rendered from, for the live page. */
  state: unknown;
}

/**
 * `tree` as HTML once every lazily loaded part of it has arrived (which renderToString does not
 * wait for). A tree that throws while rendering rejects with "could not render <what>" and the
 * first error as its cause: the server then leaves the page to the browser, which shows the error
 * screen, instead of sending half a page.
 */
export async function prerenderToString(tree: ReactNode, what: string): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(tree, {
    onError: (error) => {
      failure ??= error;
    },
  });
  if (failure) throw new Error(`could not render ${what}`, { cause: failure });
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}

/** As prerenderToString, with the CSS of the styled components the tree drew. */
export async function prerenderWithStyles(
  tree: ReactNode,
  what: string,
): Promise<{ html: string; css: string }> {
  const sheet = new ServerStyleSheet();
  try {
    const html = await prerenderToString(sheet.collectStyles(tree), what);
    return { html, css: sheet.instance.toString() };
  } finally {
    sheet.seal();
  }
}

/**
 * A query client for one server render: a failed query is left to the browser rather than
 * retried, and nothing fetched goes stale or is collected before the render has used it.
 */
export function createRenderQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
}

/**
 * A remote's routes (already inside their router) with the query client and the light theme the
 * server renders for the anonymous visitor, as HTML and CSS.
 */
export function prerenderRemotePage(
  routes: ReactNode,
  location: string,
  queryClient: QueryClient,
): Promise<{ html: string; css: string }> {
  return prerenderWithStyles(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={lightTheme}>{routes}</ThemeProvider>
    </QueryClientProvider>,
    location,
  );
}
