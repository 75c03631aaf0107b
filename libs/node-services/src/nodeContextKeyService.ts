import { Emitter } from '@toolpacks/base';
import type { ContextKeyService } from '@toolpacks/services';

export class NodeContextKeyService implements ContextKeyService {
  private current: Record<string, unknown> = {};
  private readonly emitter = new Emitter<readonly string[]>();
  readonly onDidChange = this.emitter.event;

  get values(): Readonly<Record<string, unknown>> {
    return this.current;
  }

  set(key: string, value: unknown): void {
    if (Object.is(this.current[key], value)) return;
    // A new object per change: a snapshot handed to resolve() never changes under it.
    this.current = { ...this.current, [key]: value };
    this.emitter.fire([key]);
  }
}
