/**
 * The HTTP layer's one error type, rendered by api/middleware/errors.ts into the envelope of
 * PRODUCT.md section 3. Only api/ throws it; domain code throws the classes of shared/errors.ts,
 * which the error middleware maps to a status.
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
  readonly headers?: Record<string, string>;
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
}
