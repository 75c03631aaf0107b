/** A mistake in how the CLI was called: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {}
