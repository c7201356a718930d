/** The rails by name. A new rail is a file here and one entry below. */
import type { LightningBackend } from '../../lightning/index.js';
import type { Facilitator } from '../../x402/index.js';
import type { PaymentRail } from '../queries.js';
import { lightningRail } from './lightning.js';
import type { Rail } from './types.js';
import { x402Rail } from './x402.js';

export type { Rail, RailResult } from './types.js';
export type PaymentRails = Partial<Record<PaymentRail, Rail>>;

export function paymentRails(backends: { facilitator: Facilitator; lightning?: LightningBackend }): PaymentRails {
  return {
    x402: x402Rail(backends.facilitator),
    ...(backends.lightning ? { lightning: lightningRail(backends.lightning) } : {}),
  };
}
