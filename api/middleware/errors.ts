/**
 * The one error handler: every failure leaves as the envelope of PRODUCT.md section 3. Unknown
 * errors become a generic 500; their stack and any SQL stay in the log.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { InvalidAmountError } from '../../shared/ledger/index.js';

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(err: HttpError): ErrorBody {
  const error: ErrorBody['error'] = { code: err.code, message: err.message };
  if (err.details !== undefined) error.details = err.details;
  return { success: false, error };
}

/** Maps errors thrown by body-parser and friends (they carry `status` and `type`). */
function fromParserError(err: { status?: number; type?: string; message?: string }): HttpError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpError('invalid_request', 'request body is not valid JSON');
    case 'entity.too.large':
      return new HttpError('payload_too_large', 'request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError('unsupported_media_type', err.message ?? 'unsupported encoding');
    case 'request.aborted':
      return new HttpError('invalid_request', 'request aborted');
    default:
      // Anything else the parser calls the client's fault (a body labelled gzip that is not).
      return err.status && err.status >= 400 && err.status < 500 ? new HttpError('invalid_request', 'request body could not be decoded') : undefined;
  }
}

/** Domain errors that are the caller's fault, whatever route they come from. */
function fromDomainError(err: unknown): HttpError | undefined {
  if (err instanceof InvalidAmountError) return new HttpError('invalid_request', err.message);
  return undefined;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof HttpError ? err : (fromDomainError(err) ?? fromParserError(err ?? {}));
    const httpErr = known ?? new HttpError('internal', 'internal error');
    if (!known) log.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    else if (httpErr.status >= 500) log.warn({ err, url: req.originalUrl }, httpErr.message);
    if (res.headersSent) return res.end();
    for (const [k, v] of Object.entries(httpErr.headers ?? {})) res.setHeader(k, v);
    res.status(httpErr.status).json(errorBody(httpErr));
  };
}

export const notFound: RequestHandler = (req) => {
  throw new HttpError('not_found', `no route for ${req.method} ${req.path}`);
};
