// The CLI run in-process for specs: `main` with `--root <root>`, its two streams collected.
import type { Io } from '../io';
import { main } from '../main';

/** What one run printed (lines joined with `\n`) and its exit code. */
export interface MainRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `toolpacks <argv> --root <root>`; `interactive` plays a terminal a person answers at. */
export async function runMain(
  root: string,
  argv: readonly string[],
  interactive?: Io['interactive'],
): Promise<MainRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...argv, '--root', root], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    ...(interactive ? { interactive } : {}),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
