/**
 * One error type for everything the HTTP layer answers, rendered by one middleware into the
 * envelope of PRODUCT.md section 3. Domain code throws the small named classes below; the
 * error middleware maps them.
 */

export const ErrorCode = {
  invalid_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 503,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCodeName,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'HttpError';
    this.status = ErrorCode[code];
    this.headers = options?.headers;
  }
  readonly headers?: Record<string, string>;
}

/** An illegal state transition: 409 naming the state the resource is actually in. */
export class StateConflictError extends HttpError {
  constructor(resource: string, readonly currentState: string, action: string) {
    super('conflict', `${resource} is ${currentState}; cannot ${action}`, { current_state: currentState });
    this.name = 'StateConflictError';
  }
}

export class NotFoundError extends HttpError {
  constructor(resource: string) {
    super('not_found', `${resource} not found`);
    this.name = 'NotFoundError';
  }
}

/** Turns anything thrown into an Error without losing it. */
export function coerceError(err: unknown): Error {
  if (err instanceof Error) return err;
  return new Error(typeof err === 'string' ? err : JSON.stringify(err));
}
