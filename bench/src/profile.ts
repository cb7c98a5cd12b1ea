import fs from 'node:fs';
import os from 'node:os';
import { Session } from 'node:inspector/promises';

/**
 * CPU time the server's thread (this process's main thread) has had so far, in seconds, from Linux's
 * /proc/self/task/<pid>/stat (user + system; null elsewhere). Unlike the event loop's utilization it does not count
 * the time the thread waited for a CPU while the others used both.
 */
export function serverThreadCpu(): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in ticks of 1/100 s (USER_HZ)
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, idle and in all (ms, summed over its CPUs). */
export function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

export async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return session;
}

/** `--profile-realtime`: the server thread's heaviest functions (self time) in a run, per request served. */
export async function printProfile(session: Session, what: string, requests: number): Promise<void> {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('node_modules/').pop()!.split('/').slice(0, 3).join('/');
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + ms);
    const pkg = frame.url.includes('node_modules/')
      ? file
          .split('/')
          .slice(0, file.startsWith('@') ? 2 : 1)
          .join('/')
      : frame.url
        ? 'app or node'
        : '(native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
  console.log(
    `      by package: ${[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(', ')}`,
  );
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`    profile ${what}: ${Math.round(total)} ms sampled, ${Math.round(requests)} requests`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`      ${String(Math.round(ms)).padStart(6)} ms  ${key}`);
}
