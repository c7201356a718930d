/**
 * The one error handler: every failure leaves as the envelope of PRODUCT.md section 3. Unknown
 * errors become a generic 500; their stack and any SQL stay in the log.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, type ErrorCodeName } from '../http-error.js';
import {
  ConflictError, ForbiddenError, InvalidInputError, NotFoundError, PaymentRequiredError, UnauthenticatedError, UpstreamUnavailableError,
  type DomainError,
} from '../../shared/errors.js';
import {
  InvoiceNotFoundError, InvoiceNotPayableError, L402Error, LightningBackendUnavailableError,
} from '../../shared/lightning/index.js';
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

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Each family of domain error (shared/errors.ts) and the status it is answered with, most
 * specific first. A new domain error extends a family and needs no line here.
 */
const DOMAIN_ERRORS: [ErrorClass, ErrorCodeName, Record<string, string>?][] = [
  [InvalidInputError, 'invalid_request'],
  [InvalidAmountError, 'invalid_request'],
  [UnauthenticatedError, 'unauthorized', { 'WWW-Authenticate': 'Bearer realm="agent-commerce"' }],
  [ForbiddenError, 'forbidden'],
  [NotFoundError, 'not_found'],
  [ConflictError, 'conflict'],
  [PaymentRequiredError, 'payment_required', { 'Cache-Control': 'no-store' }],
  [UpstreamUnavailableError, 'upstream_unavailable', { 'Retry-After': '5' }],
  // Lightning and L402 refusals name their reason; a backend that cannot answer is worth a retry.
  [L402Error, 'unauthorized'],
  [LightningBackendUnavailableError, 'upstream_unavailable', { 'Retry-After': '5' }],
  [InvoiceNotFoundError, 'not_found'],
  [InvoiceNotPayableError, 'conflict'],
];

function fromDomainError(err: unknown): HttpError | undefined {
  const match = DOMAIN_ERRORS.find(([type]) => err instanceof type);
  if (!match) return undefined;
  const [, code, headers] = match;
  const { message } = err as Error;
  const details = err instanceof L402Error ? { reason: err.reason } : (err as DomainError).details;
  return new HttpError(code, message, details, { cause: err, headers });
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
