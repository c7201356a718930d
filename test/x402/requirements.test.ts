/**
 * The 402 answer in both generations, checked against the official packages' own schemas and
 * decoders, and the settings read from the service configuration.
 */
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { PaymentRequiredV2Schema, PaymentRequirementsV1Schema } from '@x402/core/schemas';
import { PaymentRequirementsSchema } from 'x402/types';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.js';
import {
  buildPaymentRequired,
  chainIdOf,
  parseServerRequirements,
  selectRequirements,
  toCaip2,
  toV1Name,
  x402SettingsFromConfig,
} from '../../shared/x402/index.js';
import { x402Settings as settings } from '../helpers/x402-fixtures.js';

const price = { amount: 5_250_000n, resourceUrl: 'https://agents.example/api/v1/agents/register', description: 'Identity bond – ünïcode' };

describe('buildPaymentRequired', () => {
  const p = buildPaymentRequired(settings, price);

  it('puts a v2 PaymentRequired in the header, in standard base64, that @x402/core decodes and validates', () => {
    expect(p.header).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const decoded = decodePaymentRequiredHeader(p.header);
    expect(PaymentRequiredV2Schema.safeParse(decoded).success).toBe(true);
    expect(decoded).toEqual(p.paymentRequired);
    expect(decoded).toEqual({
      x402Version: 2,
      error: 'payment_required',
      resource: { url: price.resourceUrl, description: price.description, mimeType: 'application/json' },
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:84532',
          amount: '5250000',
          asset: settings.asset,
          payTo: settings.payTo,
          maxTimeoutSeconds: 300,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });
  });

  it('puts the v1 form in the body, with success false, that both v1 schemas accept', () => {
    expect(p.body).toEqual({
      x402Version: 1,
      error: 'payment_required',
      success: false,
      accepts: [
        {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: '5250000',
          resource: price.resourceUrl,
          description: price.description,
          mimeType: 'application/json',
          payTo: settings.payTo,
          maxTimeoutSeconds: 300,
          asset: settings.asset,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });
    expect(PaymentRequirementsSchema.safeParse(p.body.accepts[0]).success).toBe(true);
    expect(PaymentRequirementsV1Schema.safeParse(p.body.accepts[0]).success).toBe(true);
  });

  it('carries the error it is given, for a 402 that answers a refused payment', () => {
    const refused = buildPaymentRequired(settings, { ...price, error: 'amount_mismatch' });
    expect(refused.body.error).toBe('amount_mismatch');
    expect(decodePaymentRequiredHeader(refused.header).error).toBe('amount_mismatch');
  });

  it('refuses a zero amount and a relative resource URL', () => {
    expect(() => buildPaymentRequired(settings, { ...price, amount: 0n })).toThrow(RangeError);
    expect(() => buildPaymentRequired(settings, { ...price, resourceUrl: '/api/jobs' })).toThrow(TypeError);
  });

  it('selects the requirements of the payment generation', () => {
    expect(selectRequirements({ version: 1 }, p)).toBe(p.requirementsV1);
    expect(selectRequirements({ version: 2 }, p)).toBe(p.requirementsV2);
  });

  it('gives requirements that survive storage as JSON, and refuses what it did not write', () => {
    for (const r of [p.requirementsV1, p.requirementsV2]) {
      expect(parseServerRequirements(JSON.parse(JSON.stringify(r)))).toEqual(r);
    }
    expect(() => parseServerRequirements({ scheme: 'exact' })).toThrow(TypeError);
  });
});

describe('network names', () => {
  it('maps CAIP-2 and v1 names both ways for Base Sepolia and Base', () => {
    expect(toV1Name('eip155:84532')).toBe('base-sepolia');
    expect(toV1Name('eip155:8453')).toBe('base');
    expect(toCaip2('base-sepolia')).toBe('eip155:84532');
    expect(toCaip2('base')).toBe('eip155:8453');
    expect(chainIdOf('base-sepolia')).toBe(84532);
  });

  it('knows nothing of unknown names, non-EVM ids or padded chain ids', () => {
    expect(chainIdOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined();
    expect(chainIdOf('eip155:084532')).toBeUndefined();
    expect(chainIdOf('base-goerli')).toBeUndefined();
    expect(toV1Name('eip155:999999')).toBeUndefined();
    expect(toCaip2('eip155:999999')).toBe('eip155:999999');
  });
});

describe('x402SettingsFromConfig', () => {
  it('reads the defaults of the service configuration, addresses checksummed', () => {
    const s = x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test', X402_PAY_TO: '0x5f1e3ac1b2d2a3e4f5a6b7c8d9e0f1a2b3c4d5e6' }));
    expect(s).toEqual({ ...settings, network: 'eip155:84532' });
  });

  it('refuses a network that v1 clients could not pay on', () => {
    expect(() => x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test', X402_NETWORK: 'eip155:999999' }))).toThrow(RangeError);
  });
});
