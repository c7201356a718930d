/**
 * Smart-wallet signatures (ERC-6492 wrapped, as an undeployed Coinbase Smart Wallet signs): the
 * official v2 client, given a smart-wallet signer, pays a paid route. With a facilitator (the
 * loopback stand-in, which plays the chain's ERC-6492 check) the signature is deferred to its
 * /verify and the payment goes through; without one it is refused clearly and nothing is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { createHarness, type Harness } from '../helpers/harness.js';
import { jsonPost } from '../helpers/clients.js';
import { agentBody } from '../helpers/agents.js';
import { startFacilitatorStandIn, type FacilitatorStandIn } from '../helpers/facilitator-stand-in.js';
import { ERC6492_MAGIC_SUFFIX, isSmartWalletSignature } from '../../shared/x402/index.js';

const WALLET = '0x4e5f6A7b8C9d0E1f2A3b4C5d6E7f8A9b0C1d2E3f';
const FACTORY = '0x0BA5ED0c6AA8c49038F819E587E2633c4A9F428a';

/** The official v2 client with a signer that answers as a not-yet-deployed smart wallet (ERC-6492). */
function smartWalletClient() {
  const owner = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client().setSpendControls(false);
  registerExactEvmScheme(client, {
    signer: {
      address: WALLET,
      signTypedData: async (typed) =>
        serializeErc6492Signature({ address: FACTORY, data: '0xdeadbeef', signature: await owner.signTypedData(typed as never) }),
    },
  });
  return wrapFetchWithPayment(globalThis.fetch, client);
}

const decode = (header: string | null) => JSON.parse(Buffer.from(header!, 'base64').toString('utf8'));
const paymentsOf = async (h: Harness) => Number((await h.db.pool.query('SELECT count(*) AS n FROM payments WHERE lower(payer) = lower($1)', [WALLET])).rows[0].n);

describe('without a facilitator', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h?.close());

  it('refuses a smart-wallet signature clearly, and records nothing', async () => {
    const res = await smartWalletClient()(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('smart-no-fac')));
    expect(res.status).toBe(402);
    expect(decode(res.headers.get('payment-required')).error).toBe('invalid_exact_evm_signature');
    expect((await res.json()).message).toMatch(/smart-wallet signature \(ERC-1271 or ERC-6492\).*no facilitator/);
    expect(await paymentsOf(h)).toBe(0);
  });
});

describe('with a facilitator', () => {
  let h: Harness;
  let standIn: FacilitatorStandIn;
  beforeAll(async () => {
    standIn = await startFacilitatorStandIn();
    // The stand-in plays the chain: it accepts this wallet's ERC-6492 signature, and settles it.
    standIn.verify = (req, res) => {
      const { signature, authorization } = req.body.paymentPayload.payload;
      res.json(signature.endsWith(ERC6492_MAGIC_SUFFIX) && authorization.from === WALLET
        ? { isValid: true, payer: WALLET }
        : { isValid: false, invalidReason: 'invalid_exact_evm_signature' });
    };
    standIn.settle = (req, res) => void res.json({ success: true, transaction: `0x${'cd'.repeat(32)}`, network: 'eip155:84532', payer: WALLET });
    h = await createHarness({ X402_FACILITATOR_URL: standIn.url });
    h.startWorkers();
  });
  afterAll(async () => {
    await h?.close();
    await standIn?.close();
  });

  it('defers the signature to the facilitator /verify and accepts what it accepts', async () => {
    const res = await smartWalletClient()(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('smart-fac')));
    expect(res.status).toBe(201);
    expect(decode(res.headers.get('payment-response'))).toMatchObject({ success: true, payer: WALLET });
    const verify = standIn.calls.find((c) => c.path === '/x402/verify')!;
    expect(isSmartWalletSignature((verify.body as any).paymentPayload.payload.signature)).toBe(true);
    expect(await paymentsOf(h)).toBe(1);
  });

  it('still refuses locally what is not a smart-wallet signature and does not recover', async () => {
    standIn.calls = [];
    const owner = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client().setSpendControls(false);
    // Claims to be the wallet but signs a plain 65-byte ECDSA signature with another key.
    registerExactEvmScheme(client, { signer: { address: WALLET, signTypedData: (t) => owner.signTypedData(t as never) } });
    const res = await wrapFetchWithPayment(globalThis.fetch, client)(`${h.baseUrl}/api/v1/agents/register`, jsonPost(agentBody('smart-fake')));
    expect(res.status).toBe(402);
    expect(decode(res.headers.get('payment-required')).error).toBe('invalid_exact_evm_signature');
    expect(standIn.calls).toEqual([]);
  });
});
