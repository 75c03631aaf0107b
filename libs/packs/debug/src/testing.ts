// What the debug pack's specs share: call options that let a call run code without asking, and a
// debugger that does not wait long for a stop (the specs' programs stop or end at once).

/** Call options: starting a program and evaluating expressions are allowed without asking. */
export const RUNS_CODE = { autoApprove: { start_debugging: true, evaluate_expression: true } } as const;

/** Harness options: the debugger waits at most 2 s for a program to stop. */
export const QUICK_STOPS = { host: { debug: { stopWaitMs: 2_000 } } } as const;
