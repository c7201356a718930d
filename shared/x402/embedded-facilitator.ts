/**
 * A facilitator without a chain, for development, tests and deployments that keep USDC
 * balances in the ledger only. It verifies the EIP-712 signature for real, exactly as the
 * server does, and "settles" by returning a deterministic pseudo transaction hash. NO FUNDS
 * MOVE: the ledger is the only record of the payment.
 */
import { keccak256, toHex } from 'viem';
import { X402Error } from './errors.js';
import type { AcceptedProof, Facilitator, SettleResult, SupportedKind, VerifyResult } from './facilitator.js';
import { toCaip2, toV1Name } from './networks.js';
import type { DecodedPayment, ServerRequirements, X402Settings } from './types.js';
import { checkAcceptedPayment, checkPayment } from './verify.js';

/** Verifies for real, settles into nothing but the ledger. */
export class EmbeddedFacilitator implements Facilitator {
  /**
   * @param settings - the server's x402 settings; `supported()` lists their network
   * @param clock - for the time window in `verify`; default the system clock
   */
  constructor(
    private readonly settings: X402Settings,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The same checks as `verifyPayment`, time window included. */
  async verify(payment: DecodedPayment, requirements: ServerRequirements): Promise<VerifyResult> {
    const nowSeconds = BigInt(Math.floor(this.clock().getTime() / 1000));
    try {
      const verified = await checkPayment(payment, requirements, nowSeconds);
      return { status: 'valid', payer: verified.payer };
    } catch (err) {
      if (err instanceof X402Error) return { status: 'invalid', reason: err.reason };
      throw err;
    }
  }

  /**
   * Checks terms and signature again, then answers `settled` with `keccak256(proofId)` as the
   * transaction. The time window is not checked here: the server checked it when it accepted
   * the payment, and a settlement retried after a crash must give the same answer as the
   * first attempt. Same payload, same result, however often it is called.
   *
   * With `accepted` (the server verified this payload in full before recording it), the
   * signature is not recovered a second time: the terms are checked again and the payload must
   * be the one the proof id was derived from. There is no chain here to learn anything more from.
   */
  async settle(payment: DecodedPayment, requirements: ServerRequirements, accepted?: AcceptedProof): Promise<SettleResult> {
    try {
      const verified = accepted ? checkAcceptedPayment(payment, requirements, accepted.proofId) : await checkPayment(payment, requirements, null);
      const network = toCaip2(requirements.network) ?? requirements.network;
      return { status: 'settled', transaction: keccak256(toHex(verified.proofId)), network, payer: verified.payer };
    } catch (err) {
      if (err instanceof X402Error) return { status: 'invalid', reason: err.reason };
      throw err;
    }
  }

  /** "exact" on the configured networks, in both generations. */
  async supported(): Promise<SupportedKind[]> {
    const kinds: SupportedKind[] = [];
    for (const n of [this.settings.network, ...(this.settings.alternatives ?? []).map((a) => a.network)]) {
      kinds.push({ x402Version: 2, scheme: 'exact', network: toCaip2(n) ?? n });
      const v1 = toV1Name(n);
      if (v1) kinds.push({ x402Version: 1, scheme: 'exact', network: v1 });
    }
    return kinds;
  }
}
