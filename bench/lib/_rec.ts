import { recoverTypedDataAddress, hashTypedData } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { secp256k1 } from '@noble/curves/secp256k1';
import { presignPayments, TRANSFER_WITH_AUTHORIZATION } from './x402-sign.js';
const required = { x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '1100000', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', payTo: '0x000000000000000000000000000000000000dEaD', maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } }] };
const s = await presignPayments(required, 600);
const ps = s.headers.map((h) => JSON.parse(Buffer.from(h, 'base64').toString()));
const domain = { name: 'USDC', version: '2', chainId: 84532, verifyingContract: required.accepts[0].asset as `0x${string}` };
const msg = (a: any) => ({ ...a, value: BigInt(a.value), validAfter: BigInt(a.validAfter), validBefore: BigInt(a.validBefore) });
for (const round of [1, 2, 3]) {
  let t = performance.now();
  for (const p of ps.slice(0, 300)) await recoverTypedDataAddress({ domain, types: TRANSFER_WITH_AUTHORIZATION, primaryType: 'TransferWithAuthorization', message: msg(p.payload.authorization), signature: p.payload.signature });
  console.log(round, 'viem recoverTypedDataAddress', ((performance.now() - t) / 300).toFixed(3), 'ms');
  t = performance.now();
  for (const p of ps.slice(300)) {
    const hash = hashTypedData({ domain, types: TRANSFER_WITH_AUTHORIZATION, primaryType: 'TransferWithAuthorization', message: msg(p.payload.authorization) });
    const sig: string = p.payload.signature;
    const v = Number.parseInt(sig.slice(130, 132), 16);
    const pub = secp256k1.Signature.fromCompact(sig.slice(2, 130)).addRecoveryBit(v >= 27 ? v - 27 : v).recoverPublicKey(hash.slice(2)).toHex(false);
    publicKeyToAddress(`0x${pub}`);
  }
  console.log(round, 'static noble', ((performance.now() - t) / 300).toFixed(3), 'ms');
}
