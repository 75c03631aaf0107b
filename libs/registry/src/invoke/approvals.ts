// Remembered approvals for tools that ask before they run. Hosts bind their own store (VS Code:
// workspaceState / globalState); the default keeps everything in memory.
import { injectable, type ServiceIdentifier } from 'inversify';
import type { ApprovalScope } from './invocationTypes';

export interface ApprovalStore {
  /** `sessionId` scopes `session` approvals; other scopes ignore it. */
  isApproved(scope: ApprovalScope, toolName: string, sessionId: string): boolean;
  approve(scope: ApprovalScope, toolName: string, sessionId: string): void;
  /** Forgets every approval of a scope ("reset approvals"). */
  clear(scope: ApprovalScope): void;
}

export const ApprovalStore: ServiceIdentifier<ApprovalStore> = Symbol.for('toolpacks.ApprovalStore');

@injectable()
export class InMemoryApprovalStore implements ApprovalStore {
  private readonly approved = new Map<ApprovalScope, Set<string>>([
    ['session', new Set()],
    ['workspace', new Set()],
    ['always', new Set()],
  ]);

  isApproved(scope: ApprovalScope, toolName: string, sessionId: string): boolean {
    return this.approved.get(scope)!.has(key(scope, toolName, sessionId));
  }

  approve(scope: ApprovalScope, toolName: string, sessionId: string): void {
    this.approved.get(scope)!.add(key(scope, toolName, sessionId));
  }

  clear(scope: ApprovalScope): void {
    this.approved.get(scope)!.clear();
  }
}

function key(scope: ApprovalScope, toolName: string, sessionId: string): string {
  return scope === 'session' ? `${sessionId}\u0000${toolName}` : toolName;
}
