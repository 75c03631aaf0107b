// The repository's programs in a write's confirmation: each hook path, signing program and filter
// comes from the repository, so each is shown as one inert line (a `\n` or an escape sequence in
// core.hooksPath must not fake or erase a line of the question).
import { inertLine } from '@toolpacks/registry';
import type { RepositoryPrograms } from '@toolpacks/services';
import { gitErrorWords } from './errorHints';

/** Whether the write runs any program of the repository (then a person confirms every call). */
export function runsPrograms(programs: RepositoryPrograms | undefined): boolean {
  return (
    programs !== undefined &&
    (programs.hooks.length > 0 || programs.signing !== undefined || programs.filters.length > 0)
  );
}

/** "This runs programs configured in the repository:" and one line per program, or nothing. */
export function programLines(programs: RepositoryPrograms): string[] {
  const lines = [
    ...programs.hooks.map((hook) => `hook ${hook.slice(hook.lastIndexOf('/') + 1)} (${inertLine(hook)})`),
    ...(programs.signing ? [`signing: ${inertLine(programs.signing)}`] : []),
    ...programs.filters.map(
      (filter) => `repository filter: ${inertLine(filter.length > 200 ? `${filter.slice(0, 200)}…` : filter)}`,
    ),
  ];
  return lines.length ? ['', 'This runs programs configured in the repository:', ...lines.map((p) => `- ${p}`)] : [];
}

/** Why the question could not list what the call does (shown in it instead). */
export function describeProblem(error: unknown, toolName: string): string {
  return `(Could not list what this will do: ${gitErrorWords(error, toolName)})`;
}
