// What the run was measured on, printed at the top of every run: a figure means little without the
// machine and, on a shared one, its load (1-minute load average at the start).
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const rg = (() => {
    try {
      return execFileSync('rg', ['--version'], { encoding: 'utf8' }).split('\n')[0];
    } catch {
      return 'no rg';
    }
  })();
  return `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${rg}, load average ${os.loadavg()[0].toFixed(2)}`;
}
