import type { ReadReplicaConfig } from '../config/config.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/** What /health reports about the replica. */
export interface ReplicaStatus {
  /** Whether reads go to it now: it answers, is in recovery and is within the lag allowed. */
  serving: boolean;
  /**
   * WAL bytes the replica had still to replay: the primary's position less the replica's, read
   * just after it (so it reads a little low, never high).
   */
  lagBytes: number | null;
  /**
   * How far behind in time, at most: 0 when it had replayed everything the primary wrote, else
   * the time since the last check whose primary position it has replayed (to within one check).
   */
  lagMs: number | null;
  maxLagMs: number;
  /** When the lag was last measured (ISO time), and the last error if that measurement failed. */
  checkedAt: string | null;
  error?: string;
}

export interface ReadReplica {
  /** The replica's database, when this read may go to it now; undefined: use the primary. */
  route(read: { role: string; target: string; readOnly: boolean }): Db | undefined;
  /** A read on the replica failed with a connection or recovery error: stop using it until the next check. */
  failed(error: unknown): boolean;
  status(): ReplicaStatus;
  /** Measures the lag now (also done every checkIntervalMs). */
  check(): Promise<ReplicaStatus>;
  close(): Promise<void>;
}

/** `X/Y` (hex halves of a 64-bit WAL position) as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Errors after which a read is tried again on the primary: the replica is gone or restarting
 * (class 08, 57P01–57P03, a refused socket), or replay cancelled the read (40001 with a hot
 * standby conflict). A read-only request is safe to repeat.
 */
function replicaTrouble(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  if (typeof code !== 'string') return false;
  return (
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '40001' ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET'
  );
}

/**
 * A streaming replica for the public reads (decision 0216). Only the anonymous role's read-only
 * requests on the configured targets go to it: whoever writes is signed in, and a signed-in
 * caller always reads the primary, so nobody's own write can appear lost. A replica more than
 * maxLagMs behind, or not answering, serves nothing until the next check finds it well again.
 */
export async function openReadReplica(
  primary: Db,
  config: ReadReplicaConfig,
): Promise<ReadReplica> {
  // Opened by the first check that reaches it: a replica down at start-up is no reason for the
  // API not to start, only for every read to go to the primary.
  let replica: Db | undefined;
  let closed = false;
  const targets = new Set(config.targets);
  let status: ReplicaStatus = {
    serving: false,
    lagBytes: null,
    lagMs: null,
    maxLagMs: config.maxLagMs,
    checkedAt: null,
  };

  /**
   * The lag in time, from WAL positions alone: each check records where the primary was and
   * when (pending until the replica has replayed that far). The replica holds everything the
   * primary had written at the latest such time it has replayed past, so the lag is at most the
   * time since then. (The age of the last replayed transaction, the usual measure, reads as
   * minutes on a quiet database the moment one new write arrives.)
   */
  const startedAt = Date.now();
  let caughtUpAt: number | undefined;
  let pending: { at: number; lsn: bigint }[] = [];

  const check = async (): Promise<ReplicaStatus> => {
    try {
      replica ??= await openPostgres(config.url, { max: 10, connectTimeoutMs: 5000 });
      if (closed) await replica.close();
      // The primary first, then the replica: a replica found past that position held, by then,
      // everything the primary had written when it was asked.
      const current = await primary.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      const askedAt = Date.now();
      const standby = await replica.query<{ recovering: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed',
      );
      const now = Date.now();
      const { recovering, replayed } = standby.rows[0];
      if (!recovering || replayed === null)
        throw new Error('not a streaming replica (not in recovery)');
      const replayedLsn = lsnBytes(replayed);
      const primaryLsn = lsnBytes(current.rows[0].lsn);
      for (const sample of pending)
        if (sample.lsn <= replayedLsn) caughtUpAt = Math.max(caughtUpAt ?? 0, sample.at);
      pending = pending.filter((sample) => sample.lsn > replayedLsn);
      if (primaryLsn <= replayedLsn) caughtUpAt = Math.max(caughtUpAt ?? 0, askedAt);
      else {
        pending.push({ at: askedAt, lsn: primaryLsn });
        if (pending.length > 10_000) pending.shift();
      }
      const lagMs = now - (caughtUpAt ?? startedAt);
      status = {
        serving: lagMs <= config.maxLagMs,
        lagBytes: primaryLsn > replayedLsn ? Number(primaryLsn - replayedLsn) : 0,
        lagMs,
        maxLagMs: config.maxLagMs,
        checkedAt: new Date(now).toISOString(),
      };
    } catch (error) {
      status = {
        serving: false,
        lagBytes: null,
        lagMs: null,
        maxLagMs: config.maxLagMs,
        checkedAt: new Date().toISOString(),
        error: error instanceof Error ? error.message : String(error),
      };
    }
    return status;
  };

  /**
   * The last check's state, aged: the lag then plus the time since is how far behind the replica
   * may be now, so a check that hangs or stops cannot keep an old "serving" alive.
   */
  const aged = (): ReplicaStatus => {
    if (status.lagMs === null || status.checkedAt === null) return status;
    const lagMs = status.lagMs + (Date.now() - Date.parse(status.checkedAt));
    return { ...status, lagMs, serving: status.serving && lagMs <= config.maxLagMs };
  };

  await check();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void check().finally(() => {
      running = false;
    });
  }, config.checkIntervalMs);
  timer.unref();

  return {
    route({ role, target, readOnly }) {
      if (role !== 'anon' || !readOnly || !targets.has(target)) return undefined;
      return aged().serving ? replica : undefined;
    },
    failed(error) {
      if (!replicaTrouble(error)) return false;
      status = {
        ...status,
        serving: false,
        error: error instanceof Error ? error.message : String(error),
      };
      return true;
    },
    status: aged,
    check,
    async close() {
      closed = true;
      clearInterval(timer);
      await replica?.close();
    },
  };
}
