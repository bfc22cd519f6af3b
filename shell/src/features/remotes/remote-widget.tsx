import { loadRemote } from '@module-federation/enhanced/runtime';
import { QueryProvider } from '@promatch/shared';
import { Component, lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from '../../lib/route-types';
import { remotesDiscovered } from './remote-registry';

/** A widget that fails draws nothing: the frame around it matters more than a count in it. */
class Silent extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A small component a remote exposes for the shell's frame (the Messages badge, say). Loaded
 * after the shell's first render, with a query client; if the remote is down, nothing is shown.
 */
export function RemoteWidget({ remote, module }: { remote: RemoteName; module: string }) {
  const Widget = useMemo(
    () =>
      lazy(async () => {
        await remotesDiscovered();
        const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
        if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
        return loaded;
      }),
    [remote, module],
  );
  return (
    <Silent>
      <QueryProvider>
        <Suspense fallback={null}>
          <Widget />
        </Suspense>
      </QueryProvider>
    </Silent>
  );
}
