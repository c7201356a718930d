/**
 * Chooses the facilitator: the standard HTTP one when X402_FACILITATOR_URL is set (with its
 * credentials, X402_FACILITATOR_AUTH or CDP_API_KEY_ID/CDP_API_KEY_SECRET), else the embedded one.
 * `checkFacilitator` is the start-up check: the facilitator must accept our credentials and
 * list the configured scheme and network.
 */
import type { Logger } from '../logger.js';
import { ConfigError, type Config } from '../config.js';
import {
  EmbeddedFacilitator, FacilitatorAuthError, HttpFacilitator, cdpJwtAuth, staticAuthorization, toCaip2, toV1Name,
  x402SettingsFromConfig, extraNetworksOf, type Facilitator, type FacilitatorAuth,
} from '../x402/index.js';

/** The variables that hold the facilitator credentials in use, for messages. */
export function credentialVariables(config: Config): string {
  if (config.X402_FACILITATOR_AUTH) return 'X402_FACILITATOR_AUTH';
  if (config.CDP_API_KEY_ID) return 'CDP_API_KEY_ID/CDP_API_KEY_SECRET';
  return 'X402_FACILITATOR_AUTH (none is set)';
}

function authOf(config: Config): FacilitatorAuth | undefined {
  if (config.X402_FACILITATOR_AUTH) return staticAuthorization(config.X402_FACILITATOR_AUTH);
  if (config.CDP_API_KEY_ID && config.CDP_API_KEY_SECRET) return cdpJwtAuth(config.CDP_API_KEY_ID, config.CDP_API_KEY_SECRET);
  return undefined;
}

/**
 * @param log - where a refused credential is reported, at error level with `alert: true`, each
 *   time the facilitator starts refusing (readiness reports it until a call is accepted again)
 */
export function createFacilitator(config: Config, log?: Logger): Facilitator {
  if (!config.X402_FACILITATOR_URL) return new EmbeddedFacilitator(x402SettingsFromConfig(config));
  const variables = credentialVariables(config);
  return new HttpFacilitator(config.X402_FACILITATOR_URL, config.X402_FACILITATOR_TIMEOUT_MS, globalThis.fetch, {
    auth: authOf(config),
    onAuthFailure: ({ method, path, status }) =>
      log?.error(
        { alert: true, facilitator: config.X402_FACILITATOR_URL, method, path, status, variable: variables },
        `the x402 facilitator refused our credentials (${status}); check ${variables}. Payments stay pending until it accepts them`,
      ),
  });
}

/**
 * Start-up check of an HTTP facilitator: GET /supported must answer with our credentials and
 * list scheme `exact` on X402_NETWORK (v2, CAIP-2). The embedded facilitator needs no check.
 *
 * @returns warnings (the v1 name of the network not listed: v1 clients' payments would be refused)
 * @throws ConfigError naming the variable when the credentials are refused or the network is not supported
 * @throws FacilitatorUnavailableError when the facilitator cannot be reached or answers nonsense
 */
export async function checkFacilitator(config: Config, facilitator: Facilitator): Promise<string[]> {
  if (!config.X402_FACILITATOR_URL) return [];
  let kinds;
  try {
    kinds = await facilitator.supported();
  } catch (err) {
    if (err instanceof FacilitatorAuthError) {
      throw new ConfigError([`${credentialVariables(config)}: the facilitator at ${config.X402_FACILITATOR_URL} refused them (${err.message})`]);
    }
    throw err;
  }
  const has = (version: number, network: string | undefined) =>
    kinds.some((k) => k.x402Version === version && k.scheme === 'exact' && k.network === network);
  const listed = kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`).join(', ') || 'nothing';
  const networks: [string, string][] = [
    ['X402_NETWORK', config.X402_NETWORK],
    ...extraNetworksOf(config.X402_EXTRA_NETWORKS).map((n): [string, string] => ['X402_EXTRA_NETWORKS', n]),
  ];
  const problems = networks
    .filter(([, n]) => !has(2, toCaip2(n) ?? n))
    .map(([variable, n]) => `${variable}=${variable === 'X402_NETWORK' ? n : config.X402_EXTRA_NETWORKS}: the facilitator at X402_FACILITATOR_URL=${config.X402_FACILITATOR_URL} does not support scheme "exact" on ${n} (it lists: ${listed})`);
  if (problems.length) throw new ConfigError(problems);
  return networks
    .map(([, n]) => toV1Name(n))
    .filter((v1) => !has(1, v1))
    .map((v1) => `the facilitator does not list x402 v1 "exact" on ${v1}: payments from v1 clients (X-PAYMENT) will be refused at settlement`);
}
