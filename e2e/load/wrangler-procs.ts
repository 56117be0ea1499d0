/**
 * The processes of a `wrangler dev` started by a benchmark (its node and the two workerd it
 * starts), read from /proc, and the port of its runtime: what the load benchmarks sample and
 * where they connect to skip wrangler dev's proxy.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  parent: number;
  /** CPU time so far (user + system), in clock ticks. */
  ticks: number;
}

function processes(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      out.set(Number(d), { parent: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone
    }
  }
  return out;
}

/** `root` and all its descendants. */
export function processTree(root: number): number[] {
  const all = processes();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, p] of all) if (p.parent === tree[i]) tree.push(pid);
  return tree;
}

/** CPU seconds (user + system) of a process and all its descendants: the server's cost. */
export function treeCpuSeconds(root: number): number {
  const all = processes();
  return processTree(root).reduce((sum, pid) => sum + (all.get(pid)?.ticks ?? 0), 0) / 100;
}

/** The port on which wrangler dev's runtime (not its proxy on `proxyPort`) serves the Worker: one of its processes listens there and answers /api/health. */
export async function runtimePort(root: number, proxyPort: number): Promise<number> {
  const pids = new Set(processTree(root));
  const listening = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => [...l.matchAll(/pid=(\d+)/g)].some((m) => pids.has(Number(m[1]))))
    .map((l) => Number(/127\.0\.0\.1:(\d+)/.exec(l)?.[1]))
    .filter((p) => p && p !== proxyPort);
  for (const p of listening) {
    const ok = await fetch(`http://127.0.0.1:${p}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return p;
  }
  throw new Error(`no runtime port found among ${listening.join(', ')}`);
}
