/**
 * Errors of the Lightning module. Domain errors know no HTTP: each is a small named class with a
 * stable machine `reason`; the API's error middleware maps classes to statuses and headers.
 */

/** Base class of every error the Lightning backends throw on purpose. */
export class LightningError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LightningError';
  }
}

/**
 * The backend could not answer: network error, time-out, 5xx, 408/429, unreadable answer.
 * Says nothing about the invoice; retry later (a settlement worker keeps its job).
 */
export class LightningBackendUnavailableError extends LightningError {
  readonly retryable = true;
  constructor(readonly detail: string, options?: { cause?: unknown }) {
    super(`lightning backend unavailable: ${detail}`, options);
    this.name = 'LightningBackendUnavailableError';
  }
}

/** The backend definitely refused the request (a 4xx other than 404/408/429): retrying will not help. */
export class LightningBackendRequestError extends LightningError {
  readonly retryable = false;
  constructor(readonly status: number, readonly detail: string, options?: { cause?: unknown }) {
    super(`lightning backend refused the request (${status}): ${detail}`, options);
    this.name = 'LightningBackendRequestError';
  }
}

/** An invoice argument that can never be issued (amount not positive or too large, memo too long...). */
export class InvalidInvoiceRequestError extends LightningError {
  constructor(readonly detail: string) {
    super(`invalid invoice request: ${detail}`);
    this.name = 'InvalidInvoiceRequestError';
  }
}

/** `markPaid` or a lookup by hash found no invoice of this backend. */
export class InvoiceNotFoundError extends LightningError {
  readonly reason = 'invoice_not_found';
  constructor(readonly paymentHash: string) {
    super(`no invoice with payment hash ${paymentHash}`);
    this.name = 'InvoiceNotFoundError';
  }
}

/** `markPaid` on an invoice that can no longer be paid; `state` is `expired` or `canceled`. */
export class InvoiceNotPayableError extends LightningError {
  readonly reason = 'invoice_not_payable';
  constructor(readonly paymentHash: string, readonly state: string) {
    super(`invoice ${paymentHash} is ${state}; it cannot be paid`);
    this.name = 'InvoiceNotPayableError';
  }
}

/** `markPaid` is for development and tests only; this backend (LND) has no such door. */
export class DevPaymentUnsupportedError extends LightningError {
  constructor(readonly backend: string) {
    super(`the ${backend} backend cannot mark invoices paid; pay them with a wallet`);
    this.name = 'DevPaymentUnsupportedError';
  }
}
