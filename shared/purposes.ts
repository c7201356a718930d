/** What each kind of payment pays for, by the payment's `purpose`, whatever its rail. */
import { BOND_PURPOSE } from './agents/register.js';
import { bondHandler } from './agents/bond.js';
import type { PurposeHandlers } from './payments/settle.js';
import { JOB_PURPOSE, jobPaymentHandler } from './jobs/create.js';
import { SCAN_PACK_PURPOSE, scanPackHandler } from './scans/packs.js';
import { GATEWAY_PURPOSE } from './gateway/verify.js';
import { gatewayHandler } from './gateway/handler.js';
import { CONTRACT_ESCROW_PURPOSE, contractEscrowHandler } from './contracts/create.js';
import { CONTRACT_STAKE_PURPOSE, contractStakeHandler } from './contracts/accept.js';

export function purposeHandlers(): PurposeHandlers {
  return {
    [BOND_PURPOSE]: bondHandler, [JOB_PURPOSE]: jobPaymentHandler, [SCAN_PACK_PURPOSE]: scanPackHandler, [GATEWAY_PURPOSE]: gatewayHandler,
    [CONTRACT_ESCROW_PURPOSE]: contractEscrowHandler, [CONTRACT_STAKE_PURPOSE]: contractStakeHandler,
  };
}
