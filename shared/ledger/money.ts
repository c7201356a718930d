/**
 * Money at the edges: decimal strings such as "5.00" in, integer minor units (bigint) inside,
 * decimal strings out. Floats never hold money, so nothing here accepts a number.
 *
 * @example
 * parseAmount('5.00', 'USDC'); // 5000000n
 * formatAmount(1234567n, 'USDC'); // "1.234567"
 */
import { InvalidAmountError } from './errors.js';

/**
 * The currencies the ledger keeps. `decimals` is the size of the minor unit (USDC's on-chain
 * 6 decimals, whole sats, US cents); `minShown` is how many decimals `formatAmount` always shows,
 * so that USDC reads like dollars ("5.00") yet never hides a micro-USDC.
 */
export const CURRENCIES = {
  USDC: { decimals: 6, minShown: 2 },
  SAT: { decimals: 0, minShown: 0 },
  USD: { decimals: 2, minShown: 2 },
} as const;

export type Currency = keyof typeof CURRENCIES;

/**
 * The largest amount `parseAmount` accepts, in minor units of any currency: 10^15 (a billion
 * USDC, ten million BTC in sats). Far above any real payment here, and far enough below int8's
 * 9.2 * 10^18 that account totals summing many such transfers cannot overflow.
 */
export const MAX_AMOUNT = 10n ** 15n;

/**
 * The most any one of an account's four totals may reach (a CHECK constraint, migration 0006):
 * 4 * 10^18, so that adding one MAX_AMOUNT can never overflow bigint before the check refuses.
 */
export const ACCOUNT_TOTAL_LIMIT = 4n * 10n ** 18n;

// Digits, optionally a point and more digits: no sign, exponent, spaces, or bare "5." / ".5".
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
// Longer input is refused before any arithmetic, whatever it contains.
const MAX_INPUT_LENGTH = 40;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/**
 * Narrows a currency read as text (a `payments.currency` column, a config value) to `Currency`,
 * throwing `InvalidAmountError` for anything the ledger does not keep.
 */
export function asCurrency(value: string): Currency {
  if (!isCurrency(value)) throw new InvalidAmountError(value, String(value), 'unknown currency');
  return value;
}

/**
 * Parses a decimal string into minor units of `currency`. Zero is accepted (a transfer refuses
 * it later); a negative, non-numeric, too precise ("5.1234567" USDC, "1.5" SAT) or absurdly
 * large (> MAX_AMOUNT minor units) amount throws `InvalidAmountError`.
 * A JSON number such as the gateway's `amount_usd` must be turned into a string first by the
 * caller (`String(0.1)` is "0.1"; an exponent form such as "1e+21" is refused).
 */
export function parseAmount(input: string, currency: Currency): bigint {
  if (!isCurrency(currency)) throw new InvalidAmountError(input, String(currency), 'unknown currency');
  if (typeof input !== 'string') throw new InvalidAmountError(input, currency, 'expected a decimal string');
  if (input.length > MAX_INPUT_LENGTH) throw new InvalidAmountError(input, currency, 'too long');
  if (input.trimStart().startsWith('-')) throw new InvalidAmountError(input, currency, 'must not be negative');
  const match = DECIMAL.exec(input);
  if (!match) throw new InvalidAmountError(input, currency, 'expected a decimal number such as "5.00"');
  const { decimals } = CURRENCIES[currency];
  const whole = match[1];
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    throw new InvalidAmountError(input, currency, `${currency} has ${decimals} decimal places, got ${fraction.length}`);
  }
  const scale = 10n ** BigInt(decimals);
  const minor = BigInt(whole) * scale + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (minor > MAX_AMOUNT) throw new InvalidAmountError(input, currency, `larger than the maximum of ${formatAmount(MAX_AMOUNT, currency)}`);
  return minor;
}

/**
 * Formats minor units as a decimal string: USDC with 2 to 6 decimals (trailing zeros past the
 * second trimmed: 5000000n is "5.00", 1500000n is "1.50", 1234567n is "1.234567"), SAT as an
 * integer, USD with 2. A negative amount (an external account's balance) gets a leading "-".
 */
export function formatAmount(minor: bigint, currency: Currency): string {
  if (typeof minor !== 'bigint') throw new TypeError(`formatAmount expects a bigint, got ${typeof minor}`);
  const spec = CURRENCIES[currency];
  if (!spec) throw new InvalidAmountError(minor, String(currency), 'unknown currency');
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString();
  if (spec.decimals === 0) return sign + digits;
  const padded = digits.padStart(spec.decimals + 1, '0');
  const whole = padded.slice(0, -spec.decimals);
  const fraction = padded.slice(-spec.decimals).replace(/0+$/, '').padEnd(spec.minShown, '0');
  return fraction ? `${sign}${whole}.${fraction}` : sign + whole;
}
