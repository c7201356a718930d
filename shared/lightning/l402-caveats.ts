/**
 * The first-party caveats of an L402 macaroon, named as aperture names them: `condition=value`,
 * with `services=<name>:<tier>[,...]`, `<service>_capabilities=<a>,<b>` and
 * `<service>_valid_until=<unix seconds>`. A holder may append caveats (that is what macaroons
 * allow), so every caveat of a kind must hold, not only the last one.
 */
import { TokenExpiredError, UnsupportedCaveatError, WrongServiceError } from './l402-errors.js';

export const CondServices = 'services';
export const CapabilitiesSuffix = '_capabilities';
export const ValidUntilSuffix = '_valid_until';
/** Every service is minted at aperture's base tier. */
export const BASE_TIER = 0;

/** A service name that cannot break the `name:tier,name:tier` list or the `cond=value` form. */
export const SERVICE_NAME = /^[a-z0-9][a-z0-9_.-]{0,62}$/i;

export interface L402Caveat {
  condition: string;
  value: string;
}

export function encodeCaveat(c: L402Caveat): Buffer {
  return Buffer.from(`${c.condition}=${c.value}`, 'utf8');
}

export function decodeCaveat(raw: Buffer): L402Caveat {
  const text = raw.toString('utf8');
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UnsupportedCaveatError(text);
  return { condition: text.slice(0, eq), value: text.slice(eq + 1) };
}

/** The caveats a freshly minted macaroon carries, in aperture's order. */
export function mintCaveats(service: string, capabilities: readonly string[] | undefined, expiresAt: Date): L402Caveat[] {
  const caveats: L402Caveat[] = [{ condition: CondServices, value: `${service}:${BASE_TIER}` }];
  if (capabilities?.length) caveats.push({ condition: service + CapabilitiesSuffix, value: capabilities.join(',') });
  caveats.push({ condition: service + ValidUntilSuffix, value: String(Math.floor(expiresAt.getTime() / 1000)) });
  return caveats;
}

function serviceNames(value: string): string[] {
  return value.split(',').map((entry) => {
    const [name, tier, extra] = entry.split(':');
    if (!name || extra !== undefined || !/^\d+$/.test(tier ?? '')) throw new UnsupportedCaveatError(`${CondServices}=${value}`);
    return name;
  });
}

export interface CaveatVerdict {
  /** Intersection of every capabilities caveat for the service; undefined when there is none. */
  capabilities?: string[];
  /** The earliest expiry among the service's caveats. */
  validUntil?: Date;
}

/**
 * Checks the caveats that concern `service`; conditions for other services or unknown ones are
 * ignored, as aperture ignores caveats it has no satisfier for.
 * @throws WrongServiceError, TokenExpiredError, UnsupportedCaveatError
 */
export function checkCaveats(caveats: readonly L402Caveat[], service: string, now: Date): CaveatVerdict {
  const services = caveats.filter((c) => c.condition === CondServices);
  if (services.length === 0) throw new WrongServiceError(service, '');
  for (const c of services) if (!serviceNames(c.value).includes(service)) throw new WrongServiceError(service, c.value);

  let validUntil: Date | undefined;
  for (const c of caveats.filter((c) => c.condition === service + ValidUntilSuffix)) {
    if (!/^\d{1,12}$/.test(c.value)) throw new UnsupportedCaveatError(`${c.condition}=${c.value}`);
    const until = new Date(Number(c.value) * 1000);
    if (!validUntil || until < validUntil) validUntil = until;
  }
  if (validUntil && now.getTime() >= validUntil.getTime()) throw new TokenExpiredError(validUntil);

  let capabilities: string[] | undefined;
  for (const c of caveats.filter((c) => c.condition === service + CapabilitiesSuffix)) {
    const listed = c.value.split(',').filter(Boolean);
    capabilities = capabilities ? capabilities.filter((x) => listed.includes(x)) : listed;
  }
  return { capabilities, validUntil };
}
