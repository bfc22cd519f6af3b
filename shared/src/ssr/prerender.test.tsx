/**
 * @jest-environment node
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { lightTheme } from '../theme/theme';
import {
  createRenderQueryClient,
  prerenderRemotePage,
  prerenderToString,
  prerenderWithStyles,
} from './prerender';

const Heading = styled.h1`
  color: rebeccapurple;
`;

const LatePage = lazy(async () => ({ default: () => <p>arrived late</p> }));

function Broken(): never {
  throw new Error('the page broke');
}

it('waits for lazily loaded parts instead of sending their placeholder', async () => {
  const html = await prerenderToString(
    <Suspense fallback={<p>loading</p>}>
      <LatePage />
    </Suspense>,
    '/late',
  );
  expect(html).toContain('arrived late');
  expect(html).not.toContain('loading');
});

// Inside a Suspense boundary React would otherwise send the fallback and leave the error to the
// browser; the page is not sent at all instead.
it('rejects a tree that throws, naming what it rendered and keeping the error', async () => {
  const rendering = prerenderToString(
    <Suspense fallback={<p>loading</p>}>
      <Broken />
    </Suspense>,
    'the shell at /broken',
  );
  await expect(rendering).rejects.toThrow('could not render the shell at /broken');
  await expect(rendering).rejects.toHaveProperty('cause.message', 'the page broke');
});

it('answers the CSS of the styled components the tree drew', async () => {
  const { html, css } = await prerenderWithStyles(<Heading>Pricing</Heading>, '/pricing');
  expect(html).toMatch(/<h1 class="[^"]+">Pricing<\/h1>/);
  expect(css).toContain('color:rebeccapurple');
});

it('leaves out the CSS of another render', async () => {
  await prerenderWithStyles(<Heading>First</Heading>, '/first');
  const { css } = await prerenderWithStyles(<p>no styles</p>, '/second');
  expect(css).not.toContain('rebeccapurple');
});

it("draws a remote's page in the light theme from the query client's data", async () => {
  const Themed = styled.p`
    color: ${({ theme }) => theme.colors.text};
  `;
  function Greeting() {
    const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => 'unused' });
    return <Themed>{data}</Themed>;
  }
  const queryClient = createRenderQueryClient();
  queryClient.setQueryData(['greeting'], 'Hello from the cache');
  const { html, css } = await prerenderRemotePage(<Greeting />, '/', queryClient);
  expect(html).toContain('Hello from the cache');
  expect(css).toContain(`color:${lightTheme.colors.text}`);
});
