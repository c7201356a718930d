/**
 * The EIP-712 domain of the asset comes from the table of known assets when it is not
 * configured, as the reference packages' default asset tables give it: Base mainnet's USDC is
 * "USD Coin", and the official v2 client's signature then verifies.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { buildPaymentRequired, decodePaymentHeader, knownAsset, selectRequirements, verifyPayment, x402SettingsFromConfig } from '../../shared/x402/index.js';
import { randomAccount, v2SigningClient } from '../helpers/x402-fixtures.js';
import { x402HTTPClient } from '@x402/fetch';

const PAY_TO = '0x5f1e3ac1b2d2a3e4f5a6b7c8d9e0f1a2b3c4d5e6';

describe('known assets', () => {
  it('gives Base mainnet its USDC named "USD Coin" from X402_NETWORK alone', () => {
    const s = x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test', X402_PAY_TO: PAY_TO, X402_NETWORK: 'eip155:8453' }));
    expect(s).toMatchObject({ network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', assetName: 'USD Coin', assetVersion: '2' });
  });

  it('keeps Base Sepolia\'s "USDC" as the default, and the domain of a known asset given in lower case', () => {
    expect(x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test' }))).toMatchObject({ asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', assetName: 'USDC', assetVersion: '2' });
    const s = x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test', X402_NETWORK: 'eip155:137', X402_ASSET: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359' }));
    expect(s).toMatchObject({ asset: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', assetName: 'USD Coin' });
    expect(knownAsset('polygon-amoy')).toMatchObject({ name: 'USDC', version: '2' });
  });

  it('lets configuration override the domain, and asks for it for an unknown token, naming the variables', () => {
    expect(x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test', X402_ASSET_NAME: 'Custom', X402_ASSET_VERSION: '9' }))).toMatchObject({ assetName: 'Custom', assetVersion: '9' });
    const err = (() => { try { loadConfig({ NODE_ENV: 'test', X402_ASSET: '0x1111111111111111111111111111111111111111' }); } catch (e) { return e; } })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^X402_ASSET_NAME: required/), expect.stringMatching(/^X402_ASSET_VERSION: required/)]);
  });

  it('lets the official v2 client pay on Base mainnet with the default domain (its signature verifies)', async () => {
    const settings = x402SettingsFromConfig(loadConfig({ NODE_ENV: 'test', X402_PAY_TO: PAY_TO, X402_NETWORK: 'eip155:8453' }));
    const built = buildPaymentRequired(settings, { amount: 1_000_000n, resourceUrl: 'http://127.0.0.1/paid', description: 'test' });
    const client = v2SigningClient(randomAccount());
    const payload = await client.createPaymentPayload(built.paymentRequired);
    const header = new x402HTTPClient(client).encodePaymentSignatureHeader(payload)['PAYMENT-SIGNATURE'];
    const payment = decodePaymentHeader({ paymentSignature: header });
    await expect(verifyPayment(payment, selectRequirements(payment, built))).resolves.toMatchObject({ chainId: 8453 });
  });
});
