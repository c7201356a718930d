/** The agents' domain errors. */
import { ForbiddenError } from '../errors.js';
import type { AgentStatus } from './types.js';

const why: Partial<Record<AgentStatus, string>> = {
  pending_bond: 'its identity bond has not settled yet; it can act once the bond settles',
};

/**
 * Only an active agent acts as an agent. Its credentials exist from registration on, but until
 * the bond settles (or after a suspension or exit) nothing stands behind what it does.
 */
export class AgentNotActiveError extends ForbiddenError {
  constructor(readonly agentStatus: AgentStatus) {
    super(`agent is ${agentStatus}${why[agentStatus] ? `: ${why[agentStatus]}` : ''}`, { status: agentStatus });
  }
}
