import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asCurrency,
  CURRENCIES,
  formatAmount,
  InvalidAmountError,
  MAX_AMOUNT,
  parseAmount,
  type Currency,
} from '../../shared/ledger/index.js';

const currencies = Object.keys(CURRENCIES) as Currency[];
const currency = fc.constantFrom(...currencies);

describe('parseAmount', () => {
  it('turns decimal strings into minor units of each currency', () => {
    expect(parseAmount('5.00', 'USDC')).toBe(5_000_000n);
    expect(parseAmount('0.000001', 'USDC')).toBe(1n);
    expect(parseAmount('5', 'USDC')).toBe(5_000_000n);
    expect(parseAmount('1000', 'SAT')).toBe(1000n);
    expect(parseAmount('12.3', 'USD')).toBe(1230n);
    expect(parseAmount('0', 'USD')).toBe(0n);
  });

  it('refuses negative, non-numeric and oddly written amounts', () => {
    for (const input of ['-1', '-0.01', ' 5', '5 ', '+5', '5.', '.5', '1e3', '0x10', '', 'abc', '5,00', '١٢']) {
      expect(() => parseAmount(input, 'USD'), input).toThrow(InvalidAmountError);
    }
    expect(() => parseAmount(5 as unknown as string, 'USD')).toThrow(/decimal string/);
  });

  it('refuses more decimals than the currency has, even zeros', () => {
    expect(() => parseAmount('1.0000001', 'USDC')).toThrow(/6 decimal places, got 7/);
    expect(() => parseAmount('1.001', 'USD')).toThrow(InvalidAmountError);
    expect(() => parseAmount('1.0', 'SAT')).toThrow(InvalidAmountError);
  });

  it('refuses absurdly large amounts and unknown currencies', () => {
    expect(parseAmount('1000000000', 'USDC')).toBe(MAX_AMOUNT);
    expect(() => parseAmount('1000000000.000001', 'USDC')).toThrow(/larger than the maximum/);
    expect(() => parseAmount('9'.repeat(30), 'SAT')).toThrow(InvalidAmountError);
    expect(() => parseAmount('9'.repeat(100), 'SAT')).toThrow(/too long/);
    expect(() => parseAmount('1', 'EUR' as Currency)).toThrow(/unknown currency/);
    expect(() => asCurrency('EUR')).toThrow(InvalidAmountError);
    expect(asCurrency('SAT')).toBe('SAT');
  });
});

describe('formatAmount', () => {
  it('shows USDC with two to six decimals, SAT whole and USD in cents', () => {
    expect(formatAmount(5_000_000n, 'USDC')).toBe('5.00');
    expect(formatAmount(1_500_000n, 'USDC')).toBe('1.50');
    expect(formatAmount(1_234_567n, 'USDC')).toBe('1.234567');
    expect(formatAmount(1n, 'USDC')).toBe('0.000001');
    expect(formatAmount(0n, 'USDC')).toBe('0.00');
    expect(formatAmount(1000n, 'SAT')).toBe('1000');
    expect(formatAmount(5n, 'USD')).toBe('0.05');
    expect(formatAmount(-250n, 'USD')).toBe('-2.50');
  });

  it('round-trips every amount up to the maximum through its string', () => {
    fc.assert(
      fc.property(currency, fc.bigInt({ min: 0n, max: MAX_AMOUNT }), (c, minor) => {
        expect(parseAmount(formatAmount(minor, c), c)).toBe(minor);
      }),
    );
  });

  it('writes any accepted decimal string back in its canonical form with the same value', () => {
    const decimal = currency.chain((c) =>
      fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 8n }), fc.nat({ max: CURRENCIES[c].decimals }), fc.nat({ max: 10 ** 6 - 1 }))
        .map(([whole, places, frac]) => {
          const fraction = places === 0 ? '' : `.${String(frac).padStart(6, '0').slice(0, places)}`;
          return [c, `${whole}${fraction}`] as const;
        }),
    );
    fc.assert(
      fc.property(decimal, ([c, text]) => {
        const minor = parseAmount(text, c);
        const canonical = formatAmount(minor, c);
        expect(parseAmount(canonical, c)).toBe(minor);
        expect(Number(canonical)).toBeCloseTo(Number(text), 6);
        expect(formatAmount(parseAmount(canonical, c), c)).toBe(canonical);
      }),
    );
  });

  it('never parses a string with a minus sign, whatever follows it', () => {
    fc.assert(
      fc.property(currency, fc.string(), (c, rest) => {
        expect(() => parseAmount(`-${rest}`, c)).toThrow(InvalidAmountError);
      }),
    );
  });
});
