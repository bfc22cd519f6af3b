/**
 * `node --cpu-prof` for a process started with NODE_OPTIONS, where Node 20 refuses that flag:
 * loaded with `--import`, it profiles the process from start to exit and writes
 * `<CPU_PROFILE_DIR>/<pid>.cpuprofile` (open it in Chrome DevTools, or summarise it with
 * bench/lib/cpu-profile-top.mjs). Used by bench/rest-gateway-limit.ts (BENCH_CPU_PROF).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // A same-thread session answers synchronously, so the profile is written before exit.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
