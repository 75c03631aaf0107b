// The one confirmation step of the git writes (add, commit, restore, branch, switch): describe the
// write, show the description (or why it could not be made) as the question, and have a person
// confirm every call that runs a program of the repository or writes a file that makes code run.
import type { PreparedToolInvocation } from '@toolpacks/registry';
import type { GitWriteReceipt, RepositoryPrograms } from '@toolpacks/services';
import { describeProblem, runsPrograms } from './programs';

/** Files a question lists before "… (N more)". */
export const MAX_LISTED_FILES = 20;

export interface WriteQuestion<D> {
  /** The asking tool's name (the error hints of the pack depend on it). */
  readonly tool: string;
  readonly invocationMessage: string;
  readonly title: string;
  /** The question: from the description, or from why it could not be made. */
  message(description: D | undefined, problem: string | undefined): string;
  /** Besides the repository's programs, what makes a person confirm every call. */
  always?(description: D | undefined): boolean;
  /** Why the description could not be made, as the question says it (default: describeProblem). */
  problem?(error: unknown, toolName: string): string;
  /** What a yes covers (the tool's receipt), when the write binds one. */
  receipt?(description: D): GitWriteReceipt;
}

/** Describes the write and asks about it; a description that fails is said in the question. */
export async function askBeforeWrite<D extends RepositoryPrograms>(
  describe: () => Promise<D>,
  question: WriteQuestion<NoInfer<D>>,
): Promise<PreparedToolInvocation<GitWriteReceipt>> {
  let description: D | undefined;
  let problem: string | undefined;
  try {
    description = await describe();
  } catch (error) {
    problem = (question.problem ?? describeProblem)(error, question.tool);
  }
  return {
    invocationMessage: question.invocationMessage,
    confirmationMessages: { title: question.title, message: question.message(description, problem) },
    ...(runsPrograms(description) || question.always?.(description) ? { alwaysConfirm: true } : {}),
    ...(description && question.receipt ? { receipt: question.receipt(description) } : {}),
  };
}
