/**
 * Jest stand-in for '@module-federation/enhanced/runtime': composition is tested end to end in
 * Chromium, unit tests only need to control what a remote load returns.
 */
type Loader = (id: string) => Promise<unknown>;

let loader: Loader = (id) => Promise.reject(new Error(`No remote mocked for ${id}`));

export function __setRemoteLoader(next: Loader): void {
  loader = next;
}

export function loadRemote<T>(id: string): Promise<T> {
  return loader(id) as Promise<T>;
}

export const registeredRemotes: { name: string; entry: string }[] = [];

export function registerRemotes(remotes: { name: string; entry: string }[]): void {
  registeredRemotes.push(...remotes);
}

export function preloadRemote(): Promise<void> {
  return Promise.resolve();
}
