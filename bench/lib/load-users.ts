/**
 * The simulated users of bench/load-marketplace.ts, run in a child process of it (forked with
 * tsx), so the users can be spread over several processes and the load generator's own event
 * loop is never what limits the run. Each user is a loop: act, think, act again, until the
 * run's end. Thinking is an exponential pause around the mean think time (a person reading a
 * page), so 2,000 users are 2,000 people at their desks, not 2,000 requests in flight.
 *
 * The parent sends one `LoadJob`; the child answers with one `LoadReport` and exits.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type Action =
  | 'browse'
  | 'search'
  | 'profile'
  | 'signIn'
  | 'thread'
  | 'message'
  | 'matching'
  | 'overview'
  | 'download';

export const ACTIONS: Action[] = [
  'browse',
  'search',
  'profile',
  'signIn',
  'thread',
  'message',
  'matching',
  'overview',
  'download',
];

export interface LoadUser {
  kind: 'visitor' | 'professional' | 'business';
  id?: string;
  email?: string;
  token?: string;
  /** The conversation this user and their partner share (professional and business pairs). */
  conversation?: string;
  /** A file this user uploaded, which they download again. */
  file?: string;
}

export interface LoadJob {
  url: string;
  anonKey: string;
  password: string;
  users: LoadUser[];
  /** When the run starts and ends (epoch ms); users start spread over the first `rampMs`. */
  startAt: number;
  endAt: number;
  rampMs: number;
  thinkMs: number;
  professionalIds: string[];
  searches: Record<string, unknown>[];
  matches: { args: unknown; text: string }[];
}

export interface ActionReport {
  latencies: number[];
  /** Requests answered outside 2xx, by status. */
  statuses: Record<string, number>;
  /** Requests that got no answer (connection refused, reset, timed out). */
  errors: number;
  requests: number;
}

export interface LoadReport {
  actions: Record<Action, ActionReport>;
  /** A few answers outside 2xx per action and status, to say what went wrong. */
  samples: string[];
  /** Client ids of the messages the server acknowledged. */
  acknowledged: string[];
  eventLoop: { p99Ms: number; maxMs: number };
  cpuMs: number;
}

/** What a user does next, by kind: weights of each action. */
const MIX: Record<LoadUser['kind'], Partial<Record<Action, number>>> = {
  visitor: { browse: 35, search: 35, profile: 30 },
  professional: {
    overview: 20,
    thread: 10,
    message: 15,
    search: 15,
    browse: 15,
    profile: 10,
    download: 10,
    signIn: 5,
  },
  business: {
    overview: 20,
    matching: 15,
    thread: 10,
    message: 15,
    search: 10,
    browse: 5,
    profile: 10,
    download: 10,
    signIn: 5,
  },
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function choose(kind: LoadUser['kind']): Action {
  const weights = Object.entries(MIX[kind]) as [Action, number][];
  let roll = Math.random() * weights.reduce((n, [, w]) => n + w, 0);
  for (const [action, weight] of weights) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return weights[0]![0];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential think time around the mean, kept between 1 s and four times the mean. */
const think = (mean: number) =>
  Math.min(4 * mean, Math.max(1000, -Math.log(1 - Math.random()) * mean));

const threadPath = (conversation: string) =>
  `/rest/v1/messages?select=id,conversation_id,sender_id,content,client_id,read_at,created_at,updated_at,file_id,attachment,kind,call_seconds,automated&conversation_id=eq.${conversation}&order=created_at.desc&limit=51`;

/** The dashboard overview's panels (mf-dashboard/src/features/overview/api), asked at once. */
function overviewRequests(user: LoadUser): [string, unknown?][] {
  const now = encodeURIComponent(new Date().toISOString());
  const shared: [string, unknown?][] = [
    [
      `/rest/v1/appointments?select=id,title,starts_at,status,business:profiles!appointments_business_id_fkey(name),professional:profiles!appointments_professional_id_fkey(name)&ends_at=gte.${now}&status=in.(proposed,confirmed)&order=starts_at.asc&limit=5`,
    ],
    [
      `/rest/v1/messages?select=id,content,created_at,sender:profiles!messages_sender_id_fkey(name)&read_at=is.null&sender_id=neq.${user.id}&order=created_at.desc&limit=3`,
    ],
  ];
  if (user.kind === 'professional')
    return [
      ['/rest/v1/rpc/dashboard_matching_projects', { max_rows: 5 }],
      [
        `/rest/v1/project_applications?select=id,status,proposed_rate,created_at,project:projects(title)&professional_id=eq.${user.id}&order=created_at.desc&limit=5`,
      ],
      ['/rest/v1/rpc/my_profile_activity', { days: 30 }],
      ...shared,
    ];
  return [
    ['/rest/v1/rpc/dashboard_business_projects', { max_rows: 5 }],
    ['/rest/v1/rpc/dashboard_shortlist', { max_rows: 5 }],
    [
      '/rest/v1/favorites?select=id,professional:profiles!favorites_professional_id_fkey(id,name,title,avatar_url)&order=created_at.desc&limit=3',
    ],
    ...shared,
  ];
}

export async function runUsers(job: LoadJob): Promise<LoadReport> {
  const actions = Object.fromEntries(
    ACTIONS.map((a) => [a, { latencies: [], statuses: {}, errors: 0, requests: 0 }]),
  ) as unknown as Record<Action, ActionReport>;
  const samples: string[] = [];
  const sampled = new Map<string, number>();
  const acknowledged: string[] = [];
  const anon = { apikey: job.anonKey, authorization: `Bearer ${job.anonKey}` };

  /** One request; resolves with its status (0: no answer) and body. */
  async function request(
    action: Action,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<{ status: number; body: string }> {
    const report = actions[action];
    report.requests += 1;
    try {
      const response = await fetch(`${job.url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...anon,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(120_000),
      });
      const body = await response.text();
      if (response.status < 200 || response.status > 299) {
        const key = String(response.status);
        report.statuses[key] = (report.statuses[key] ?? 0) + 1;
        const seen = sampled.get(`${action} ${key}`) ?? 0;
        if (seen < 3) {
          sampled.set(`${action} ${key}`, seen + 1);
          samples.push(`${action} ${key} ${path.slice(0, 60)}: ${body.slice(0, 300)}`);
        }
      }
      return { status: response.status, body };
    } catch (error) {
      report.errors += 1;
      const seen = sampled.get(`${action} error`) ?? 0;
      if (seen < 3) {
        sampled.set(`${action} error`, seen + 1);
        samples.push(`${action} error: ${(error as Error).message}`);
      }
      return { status: 0, body: '' };
    }
  }

  const signedIn = (user: LoadUser) => ({ authorization: `Bearer ${user.token}` });

  /** One action of one user, as the page would make it. */
  async function act(user: LoadUser, action: Action): Promise<void> {
    switch (action) {
      case 'browse':
        await request(
          action,
          `/rest/v1/profiles?select=id,name,title,location,rating,hourly_rate_min,hourly_rate_max` +
            `&account_type=eq.professional&order=rating.desc&limit=20&offset=${20 * Math.floor(Math.random() * 50)}`,
          { headers: user.token ? signedIn(user) : {} },
        );
        return;
      case 'search':
        await request(action, '/rest/v1/rpc/search_professionals', {
          body: pick(job.searches),
          headers: user.token ? signedIn(user) : {},
        });
        return;
      case 'profile':
        await request(
          action,
          `/rest/v1/profiles?select=*&id=eq.${pick(job.professionalIds)}&account_type=eq.professional`,
          { headers: user.token ? signedIn(user) : {} },
        );
        return;
      case 'signIn': {
        // as supabase-js signs in: the anon key as apikey and bearer
        const answer = await request(action, '/auth/v1/token?grant_type=password', {
          body: { email: user.email, password: job.password },
        });
        if (answer.status === 200)
          user.token = (JSON.parse(answer.body) as { access_token: string }).access_token;
        return;
      }
      case 'thread':
        await request(action, threadPath(user.conversation as string), {
          headers: signedIn(user),
        });
        return;
      case 'message': {
        const clientId = randomUUID();
        const answer = await request(action, '/rest/v1/rpc/send_message', {
          headers: signedIn(user),
          body: {
            p_client_id: clientId,
            p_conversation_id: user.conversation,
            p_content: `load ${clientId}`,
          },
        });
        if (answer.status === 200) acknowledged.push(clientId);
        return;
      }
      case 'matching': {
        const match = pick(job.matches);
        await request(action, '/functions/v1/match-professionals', {
          headers: signedIn(user),
          body: match,
        });
        return;
      }
      case 'overview':
        await Promise.all(
          overviewRequests(user).map(([path, body]) =>
            request(action, path, { headers: signedIn(user), body }),
          ),
        );
        return;
      case 'download':
        await request(action, `/storage/v1/object/authenticated/files/${user.file}`, {
          headers: signedIn(user),
        });
        return;
    }
  }

  async function live(user: LoadUser): Promise<void> {
    await sleep(Math.max(0, job.startAt - Date.now()) + Math.random() * job.rampMs);
    while (Date.now() < job.endAt) {
      const action = choose(user.kind);
      const started = performance.now();
      await act(user, action);
      actions[action].latencies.push(performance.now() - started);
      await sleep(Math.min(think(job.thinkMs), job.endAt - Date.now()));
    }
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  await Promise.all(job.users.map(live));
  loop.disable();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    actions,
    samples,
    acknowledged,
    eventLoop: { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 },
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

// Forked by the bench (BENCH_LOAD_USERS=1): one job in, one report out.
if (process.send && process.env.BENCH_LOAD_USERS === '1') {
  process.once('message', (job: LoadJob) => {
    runUsers(job)
      .then((report) => process.send?.(report, () => process.exit(0)))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
