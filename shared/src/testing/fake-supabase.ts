import { fakeRealtime, type FakeRealtime } from './fake-realtime';

/**
 * The far side of supabase-js for component tests: every `from(table)…` chain, `rpc(name,
 * args)`, `storage.from(bucket)…` chain, `functions.invoke(name, { body })` and
 * `auth.<path>(args)` (e.g. `auth.mfa.enroll`) is recorded, and answered by the test's `respond`
 * (asynchronously, storage's `getPublicUrl` included). Realtime channels subscribe, carry
 * broadcasts and report what the test says (`fake.realtime`, ./fake-realtime.ts).
 * Tests assert on what the user sees and on the requests the page made.
 *
 * A test hands the fake's client to the code under test by mocking the client module (jest hoists
 * the mock, so the variable's name starts with `mock`):
 *
 *   const mockFake = fakeSupabase((call) => (call.table === 'projects' ? { data: [] } : {}));
 *   jest.mock('@promatch/shared/supabase-client', () => ({
 *     getSupabaseClient: () => Promise.resolve(mockFake.client),
 *   }));
 */
export interface FakeCall {
  table?: string;
  /** A storage bucket, from `storage.from(bucket)`; its ops are e.g. ['remove', [['a/b.pdf']]]. */
  bucket?: string;
  rpc?: string;
  /** An edge function called with `functions.invoke(name, { body })`; `args` is the body. */
  fn?: string;
  /** A GoTrue method by its path under `auth`, e.g. 'mfa.enroll'; `args` is its first argument. */
  auth?: string;
  args?: unknown;
  /** Each builder method called on the chain, with its arguments: ['eq', ['id', 'x']]. */
  ops: [string, unknown[]][];
}

export interface FakeResult {
  data?: unknown;
  error?: { message: string; code?: string } | null;
  count?: number;
  /** The HTTP status supabase-js reports, for code that reads it (e.g. to retry a 503). */
  status?: number;
}

export interface FakeSupabase {
  calls: FakeCall[];
  respond: (call: FakeCall) => FakeResult;
  client: unknown;
  /** The client's realtime channels, for a test to report statuses and database changes. */
  realtime: FakeRealtime;
}

export function fakeSupabase(respond: (call: FakeCall) => FakeResult): FakeSupabase {
  const fake: FakeSupabase = { calls: [], respond, client: undefined, realtime: fakeRealtime() };
  const answer = (call: FakeCall) =>
    Promise.resolve({ data: null, error: null, count: null, ...fake.respond(call) });
  const chain = (call: FakeCall): unknown =>
    new Proxy(
      {},
      {
        get: (_target, prop) =>
          prop === 'then'
            ? (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
                answer(call).then(resolve, reject)
            : (...args: unknown[]) => {
                call.ops.push([String(prop), args]);
                return chain(call);
              },
      },
    );
  // any method under `auth`, however deep (auth.mfa.enroll), is recorded and answered
  const authPath = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, prop) => (prop === 'then' ? undefined : authPath([...path, String(prop)])),
      apply: (_target, _this, args: unknown[]) => {
        const call: FakeCall = { auth: path.join('.'), args: args[0], ops: [] };
        fake.calls.push(call);
        return answer(call);
      },
    });
  fake.client = {
    from: (table: string) => {
      const call: FakeCall = { table, ops: [] };
      fake.calls.push(call);
      return chain(call);
    },
    rpc: (name: string, args: unknown) => {
      const call: FakeCall = { rpc: name, args, ops: [] };
      fake.calls.push(call);
      return chain(call);
    },
    functions: {
      invoke: (name: string, options?: { body?: unknown }) => {
        const call: FakeCall = { fn: name, args: options?.body, ops: [] };
        fake.calls.push(call);
        return answer(call);
      },
    },
    storage: {
      // each method of a bucket is a request of its own, as in supabase-js
      from: (bucket: string) =>
        new Proxy(
          {},
          {
            get: (_target, prop) =>
              prop === 'then'
                ? undefined
                : (...args: unknown[]) => {
                    const call: FakeCall = { bucket, ops: [[String(prop), args]] };
                    fake.calls.push(call);
                    return chain(call);
                  },
          },
        ),
    },
    auth: authPath([]),
    channel: fake.realtime.channel,
    removeChannel: fake.realtime.removeChannel,
  };
  return fake;
}

/** The first builder method of `name` on a call, e.g. the values passed to `update`. */
export const opArgs = (call: FakeCall | undefined, name: string) =>
  call?.ops.find(([op]) => op === name)?.[1];
