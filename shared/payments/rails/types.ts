/** The one thing a rail does for settlement: say whether a recorded payment has arrived. */
import type { PaymentRow } from '../queries.js';

export type RailResult =
  | { status: 'settled'; settlement: Record<string, unknown> }
  /** Not yet (a time-out, a 5xx, an unpaid invoice): retried later, never failed on that ground. */
  | { status: 'pending'; reason: string }
  /**
   * Refused. `definitive` when asking again can only give the same answer with nothing moved (an
   * expired Lightning invoice); otherwise a refusal on a retry may hide an earlier success (an
   * x402 settle that went through before a crash) and the payment is held for a person.
   */
  | { status: 'invalid'; reason: string; definitive?: boolean };

export interface Rail {
  settle(payment: PaymentRow): Promise<RailResult>;
}
