import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered-page';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { useHydrated } from './use-hydrated';

const seen: boolean[] = [];

function Probe() {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <span id="probe">{hydrated ? 'live' : 'server'}</span>;
}

let root: Root | undefined;

beforeEach(() => {
  seen.length = 0;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

it('is false while a server-rendered page hydrates (matching its markup), then true', async () => {
  // What the server sends: the probe rendered as not yet live, in #root marked for hydration.
  document.body.innerHTML = `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}><span id="probe">server</span></div>`;
  const container = document.getElementById('root')!;
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <Probe />, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(seen[0]).toBe(false);
  expect(document.getElementById('probe')?.textContent).toBe('live');
});

it('is true from the first render on a page rendered in the browser', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await act(async () => {
    root = createRoot(document.getElementById('root')!);
    root.render(<Probe />);
  });
  expect(seen).not.toContain(false);
  expect(document.getElementById('probe')?.textContent).toBe('live');
});
