import type { ServiceIdentifier } from 'inversify';

/** What the example tools need from the host: the time. Hosts (or tests) bind their own. */
export interface Clock {
  now(): Date;
}

export const Clock: ServiceIdentifier<Clock> = Symbol.for('toolpacks.example.Clock');
