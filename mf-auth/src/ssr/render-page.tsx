/**
 * Server-side rendering of mf-auth's public pages (decisions 0035, 0108, 0124): the sign-in page
 * and the password-reset request. Built for Node into dist-ssr/render-page.cjs and called by the
 * remote's own server at /__ssr, as mf-marketing's renderer is; the shell's server renders the
 * shell around the result and the browser hydrates it. These pages read no data, so one render
 * is enough and nothing is fetched; the form's submit button stays disabled until the form's
 * code has hydrated it (a form submitted natively would put what was typed in the address).
 */
import {
  initSessionStore,
  lightTheme,
  MemoryStorage,
  provideRuntimeConfig,
  type RuntimeConfig,
} from '@promatch/shared';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { AppRoutes, SERVER_RENDERED_PATHS } from '../app/app-routes';

export interface RenderedPage {
  html: string;
  css: string;
  /** No head tags of its own: the page sets its title in the browser. */
  head: string;
  /** react-query's dehydrated cache (empty: these pages read no data). */
  state: unknown;
}

let initialised = false;
function initialise(config: RuntimeConfig) {
  if (initialised) return;
  provideRuntimeConfig(config);
  // The visitor as the server sees them: signed out (known at once), default preferences.
  initSessionStore(new MemoryStorage()).getState().clearSession();
  initialised = true;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/**
 * Renders `location` (path and query string) as the anonymous visitor, or answers null when the
 * path is not one of the pages mf-auth renders on the server.
 */
export async function renderPage(
  location: string,
  config: RuntimeConfig,
  origin = 'http://localhost:3000',
): Promise<RenderedPage | null> {
  const { pathname } = new URL(location, origin);
  if (!SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname))) return null;
  initialise(config);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  const sheet = new ServerStyleSheet();
  try {
    const tree: ReactNode = sheet.collectStyles(
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={lightTheme}>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </ThemeProvider>
      </QueryClientProvider>,
    );
    let failure: unknown;
    // prerender (unlike renderToString) waits for lazily loaded pages to arrive.
    const { prelude } = await prerenderToNodeStream(tree, {
      onError: (error) => {
        failure ??= error;
      },
    });
    // A page that throws while rendering is left to the browser, which shows the error screen.
    if (failure) throw new Error(`could not render ${location}`, { cause: failure });
    const html = await streamToString(prelude);
    return { html, css: sheet.instance.toString(), head: '', state: dehydrate(queryClient) };
  } finally {
    sheet.seal();
    queryClient.clear();
  }
}
