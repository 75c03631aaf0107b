// VS Code shows the confirmation prepareInvocation returns, then invokes with the same input: only
// an input whose confirmation was handed to VS Code counts as approved by the host.

/** How many host-shown confirmations each input still has to spend, oldest dropped past a bound. */
export class HostConfirmations {
  private readonly shown = new Map<string, number>();

  constructor(private readonly limit = 100) {}

  /** prepareInvocation handed VS Code a confirmation for this input. */
  record(input: unknown): void {
    const key = inputKey(input);
    this.shown.set(key, (this.shown.get(key) ?? 0) + 1);
    if (this.shown.size > this.limit) this.shown.delete(this.shown.keys().next().value!);
  }

  /** invoke: true when VS Code showed (and the person accepted) a confirmation for this input. */
  take(input: unknown): boolean {
    const key = inputKey(input);
    const count = this.shown.get(key) ?? 0;
    if (count > 1) this.shown.set(key, count - 1);
    else this.shown.delete(key);
    return count > 0;
  }
}

function inputKey(input: unknown): string {
  try {
    return JSON.stringify(input) ?? '';
  } catch {
    return '';
  }
}
