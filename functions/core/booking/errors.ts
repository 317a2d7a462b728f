import { DomainError, type RefusalKind } from '../errors.js';

/**
 * A refusal the voice agent can speak: `say` is one short sentence for the caller, `message`
 * names the problem for whoever reads the logs or the JSON; `data` rides along (alternatives,
 * the options to choose between).
 */
export class ToolError extends DomainError {
  constructor(
    kind: RefusalKind,
    code: string,
    readonly say: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(kind, code, message);
  }
}
