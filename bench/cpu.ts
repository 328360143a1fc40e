/** CPU time and memory read from /proc, for the benchmarks' CPU-per-request columns and memory line. */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used so far (ms, user + system, from /proc; null elsewhere) by the server process
 * (`pid`) and by all PostgreSQL processes of this machine. Per request, these are steadier than
 * req/s on a machine shared with other work: they do not count the time spent waiting for a core.
 */
export const cpuMs = (pid: number | undefined): { node: number | null; postgres: number | null } => {
  const ticks = (stat: string) => {
    const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  };
  try {
    const node = pid ? ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')) : null;
    let postgres = 0;
    for (const entrada of readdirSync('/proc')) {
      if (!/^\d+$/.test(entrada)) continue;
      try {
        const stat = readFileSync(`/proc/${entrada}/stat`, 'utf8');
        if (stat.includes('(postgres)')) postgres += ticks(stat);
      } catch {
        // the process ended meanwhile
      }
    }
    return { node, postgres };
  } catch {
    return { node: null, postgres: null };
  }
};

/** Peak resident memory (MB, VmHWM from /proc) of process `pid`; null elsewhere. */
export const memoriaPicoMb = (pid: number | undefined): number | null => {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
};
