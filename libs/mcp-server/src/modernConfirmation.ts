// Confirmation in the stateless 2026-07-28 era: a call that needs a person's yes answers
// `input_required` with the question as a form elicitation and a `requestState` that the client
// echoes on its retry. The state is sealed with the SDK's HMAC codec under a random per-server key and
// binds the answer to the tool, a hash of the call's exact arguments, the hash of the question asked
// and an expiry; it is accepted once (its nonce is remembered until it expires). On the retry the
// registry runs again and asks again: a question is answered from `inputResponses` only when it
// hashes to the question the state was minted for; any other question is asked anew.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type InputRequiredResult,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ConfirmationAnswer, ConfirmationRequest } from '@toolpacks/registry/host';
import { CONFIRMATION_SCHEMA, confirmationAnswer, confirmationQuestion } from './approvals';

/** The key of the one input request a confirmation carries. */
export const CONFIRM_KEY = 'confirm';

/** What a requestState proves: the server asked `question` for this very call, until `expires`. */
export interface ConfirmationState {
  readonly v: 1;
  readonly tool: string;
  /** sha256 of the call's arguments (canonical JSON). */
  readonly args: string;
  /** sha256 of the question the answer is for. */
  readonly question: string;
  /** Questions of this call a person already accepted in earlier rounds (their hashes). */
  readonly accepted: readonly string[];
  readonly nonce: string;
  /** Epoch ms. */
  readonly expires: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Deeper arguments than any tool's schema takes are refused before they are hashed (no stack overflow). */
const MAX_ARGUMENT_DEPTH = 64;

/** JSON with object keys sorted, so the same arguments hash the same whatever their key order. */
function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_ARGUMENT_DEPTH) throw new Error(`the arguments are nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export const hashArguments = (args: unknown): string => sha256(canonicalJson(args ?? {}));

function isState(value: unknown): value is ConfirmationState {
  const s = value as Partial<ConfirmationState> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    s.v === 1 &&
    typeof s.tool === 'string' &&
    typeof s.args === 'string' &&
    typeof s.question === 'string' &&
    Array.isArray(s.accepted) &&
    s.accepted.every((a) => typeof a === 'string') &&
    typeof s.nonce === 'string' &&
    typeof s.expires === 'number'
  );
}

/** The minting and checking of confirmation states for one server (its key, its used nonces). */
export class ConfirmationStates {
  private readonly codec: RequestStateCodec<ConfirmationState>;
  /** Nonces already accepted, until their state expires. */
  private readonly used = new Map<string, number>();

  constructor(private readonly ttlMs: number) {
    this.codec = createRequestStateCodec<ConfirmationState>({
      key: randomBytes(32),
      ttlSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    });
  }

  /**
   * `ServerOptions.requestState.verify`: the seal, the shape, the expiry and single use. A refusal
   * throws; the SDK answers it with its fixed -32602 "Invalid or expired requestState".
   */
  readonly verify = async (state: string, ctx: ServerContext): Promise<ConfirmationState> => {
    const payload: unknown = await this.codec.verify(state, ctx);
    if (!isState(payload)) throw new Error('malformed');
    const now = Date.now();
    // States are minted with one lifetime, so the used ones expire in the order they were added:
    // the expired ones are at the head, and pruning stops at the first that is still live.
    for (const [nonce, expires] of this.used) {
      if (expires > now) break;
      this.used.delete(nonce);
    }
    if (payload.expires <= now) throw new Error('expired');
    if (this.used.has(payload.nonce)) throw new Error('replayed');
    this.used.set(payload.nonce, payload.expires);
    return payload;
  };

  /** The input_required answer that asks `question` for this call. */
  async ask(tool: string, args: unknown, question: string, accepted: readonly string[]): Promise<InputRequiredResult> {
    const state: ConfirmationState = {
      v: 1,
      tool,
      args: hashArguments(args),
      question: sha256(question),
      accepted: [...accepted],
      nonce: randomUUID(),
      expires: Date.now() + this.ttlMs,
    };
    return inputRequired({
      inputRequests: {
        [CONFIRM_KEY]: inputRequired.elicit({
          mode: 'form',
          message: question,
          requestedSchema: CONFIRMATION_SCHEMA as never,
        }),
      },
      requestState: await this.codec.mint(state),
    });
  }
}

/**
 * One call's confirmations: the registry's `confirm` callback answers from the verified state and
 * the client's response when the question matches, and otherwise records what must be asked (and
 * declines, so the call runs nothing this round).
 */
export class CallConfirmation {
  /** Hashes of questions accepted for this call (earlier rounds, and this one). */
  private readonly accepted: string[];
  private answeredNow = false;
  /** The question to ask, when the call needs an answer it does not have. */
  pending: string | undefined;

  constructor(
    private readonly state: ConfirmationState | undefined,
    private readonly responses: Record<string, unknown> | undefined,
  ) {
    this.accepted = [...(state?.accepted ?? [])];
  }

  /**
   * The state's binding to this call: the same tool and the same arguments. A state minted for
   * another call is refused as a protocol error: nothing runs.
   */
  static check(state: ConfirmationState | undefined, tool: string, args: unknown): void {
    if (!state) return;
    let hashed: string;
    try {
      hashed = hashArguments(args);
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${(error as Error).message}; nothing was run.`);
    }
    if (state.tool !== tool || state.args !== hashed)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `The requestState was issued for another call (another tool or other arguments) and answers nothing here; nothing was run. Call \`${tool}\` again without inputResponses and requestState to be asked.`,
      );
  }

  readonly confirm = async (request: ConfirmationRequest): Promise<ConfirmationAnswer> => {
    const question = confirmationQuestion(request);
    const hash = sha256(question);
    if (this.accepted.includes(hash)) return 'once';
    if (this.state && !this.answeredNow && this.state.question === hash) {
      const view = inputResponse(this.responses, CONFIRM_KEY);
      if (view.kind === 'elicit') {
        this.answeredNow = true;
        const answer = confirmationAnswer(view.action, view.content);
        if (answer === 'once') this.accepted.push(hash);
        return answer;
      }
    }
    // No answer to this very question (none yet, one to another question, or none sent): ask it.
    this.pending ??= question;
    return 'decline';
  };

  /** The accepted questions to carry into the next round's state. */
  get acceptedSoFar(): readonly string[] {
    return this.accepted;
  }
}
