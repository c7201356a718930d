/** Chooses the facilitator: the standard HTTP one when X402_FACILITATOR_URL is set, else the embedded one. */
import type { Config } from '../config.js';
import { EmbeddedFacilitator, HttpFacilitator, x402SettingsFromConfig, type Facilitator } from '../x402/index.js';

export function createFacilitator(config: Config): Facilitator {
  if (config.X402_FACILITATOR_URL) return new HttpFacilitator(config.X402_FACILITATOR_URL, config.X402_FACILITATOR_TIMEOUT_MS);
  return new EmbeddedFacilitator(x402SettingsFromConfig(config));
}
