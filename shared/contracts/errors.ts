/** The contracts' domain errors. */
import { ConflictError, ForbiddenError } from '../errors.js';

/** Not a party allowed to do this. */
export class ContractForbiddenError extends ForbiddenError {}

/**
 * The provider's stake payment is recorded and settling: the proposal is spoken for, so it can
 * be neither cancelled, declined, expired nor accepted again until that payment settles or fails.
 */
export class AcceptancePendingError extends ConflictError {
  constructor(action: string) {
    super(`contract is proposed and the provider's stake payment is settling; cannot ${action}`, { current_state: 'proposed', acceptance_pending: true });
  }
}
