/** What each kind of x402 payment pays for, by the payment's `purpose`. */
import { BOND_PURPOSE } from './agents/register.js';
import { bondHandler } from './agents/bond.js';
import type { PurposeHandlers } from './payments/settle.js';
import { JOB_PURPOSE, jobPaymentHandler } from './jobs/create.js';

export function purposeHandlers(): PurposeHandlers {
  return { [BOND_PURPOSE]: bondHandler, [JOB_PURPOSE]: jobPaymentHandler };
}
