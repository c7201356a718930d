/**
 * HttpFacilitator against a stub facilitator on the loopback interface. Anything that is not a
 * definite refusal must come out as `pending` (settle) or `unavailable` (verify).
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { HTTPFacilitatorClient } from '@x402/core/http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FacilitatorUnavailableError, HttpFacilitator, type DecodedPayment } from '../../shared/x402/index.js';
import { randomAccount, signedPayments, testPaymentRequired } from '../helpers/x402-fixtures.js';

const built = testPaymentRequired();
const TX = `0x${'ab'.repeat(32)}`;

type Handler = (req: Request, res: Response) => void;
let server: Server;
let url: string;
let handler: Handler;
let received: { method: string; path: string; contentType?: string; body: unknown }[];
let v2: DecodedPayment;
let v1: DecodedPayment;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.all('/{*path}', (req, res) => {
    received.push({ method: req.method, path: req.path, contentType: req.get('content-type'), body: req.body });
    handler(req, res);
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/facilitator/`;

  ({ v2, v1 } = await signedPayments(randomAccount(), built));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  handler = (_req, res) => res.status(500).end();
});

const answer = (status: number, body: unknown): Handler => (_req, res) => res.status(status).json(body);
const facilitator = (timeoutMs = 2000) => new HttpFacilitator(url, timeoutMs);

describe('HttpFacilitator.settle', () => {
  it('posts the official request body and maps success to settled, with a CAIP-2 network', async () => {
    handler = answer(200, { success: true, transaction: TX, network: 'base-sepolia', payer: v1.authorization.from });
    const result = await facilitator().settle(v1, built.requirementsV1);
    expect(result).toEqual({ status: 'settled', transaction: TX, network: 'eip155:84532', payer: v1.authorization.from });
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/facilitator/settle',
        contentType: 'application/json',
        body: { x402Version: 1, paymentPayload: v1.raw, paymentRequirements: built.requirementsV1 },
      },
    ]);
  });

  it('forwards a v2 payload exactly as the client sent it, accepted echo included', async () => {
    handler = answer(200, { success: true, transaction: TX, network: 'eip155:84532' });
    expect(await facilitator().settle(v2, built.requirementsV2)).toMatchObject({ status: 'settled', payer: v2.authorization.from });
    expect(received[0].body).toEqual({ x402Version: 2, paymentPayload: v2.raw, paymentRequirements: built.requirementsV2 });
  });

  it('maps a well-formed refusal to invalid with the facilitator reason, on 200 and on 400', async () => {
    handler = answer(200, { success: false, errorReason: 'insufficient_funds', transaction: '', network: 'eip155:84532' });
    expect(await facilitator().settle(v2, built.requirementsV2)).toEqual({ status: 'invalid', reason: 'insufficient_funds' });
    handler = answer(400, { success: false, errorReason: 'invalid_exact_evm_payload_signature', transaction: '', network: 'eip155:84532' });
    expect(await facilitator().settle(v2, built.requirementsV2)).toEqual({ status: 'invalid', reason: 'invalid_exact_evm_payload_signature' });
  });

  it('maps settlement_pending to pending, not to a failure', async () => {
    handler = answer(200, { success: false, errorReason: 'settlement_pending', transaction: TX, network: 'eip155:84532' });
    expect(await facilitator().settle(v2, built.requirementsV2)).toEqual({ status: 'pending', reason: 'settlement_pending' });
  });

  it.each([
    ['a 500', answer(500, { error: 'boom' }), 'facilitator_http_500'],
    ['a 502 that claims a refusal', answer(502, { success: false, errorReason: 'insufficient_funds' }), 'facilitator_http_502'],
    ['a 429', answer(429, { error: 'slow down' }), 'facilitator_http_429'],
    ['a 404 page', ((_req, res) => res.status(404).type('html').send('<h1>no</h1>')) as Handler, 'facilitator_bad_response'],
    ['a 200 that is not JSON', ((_req, res) => res.status(200).type('text').send('ok')) as Handler, 'facilitator_bad_response'],
    ['a success without a transaction', answer(200, { success: true, network: 'eip155:84532' }), 'facilitator_bad_response'],
  ])('maps %s to pending', async (_name, h, reason) => {
    handler = h;
    expect(await facilitator().settle(v2, built.requirementsV2)).toEqual({ status: 'pending', reason });
  });

  it('maps a facilitator that does not answer in time to pending, after the time-out', async () => {
    handler = () => {}; // never answers
    const started = Date.now();
    expect(await facilitator(200).settle(v2, built.requirementsV2)).toEqual({ status: 'pending', reason: 'facilitator_timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('maps a facilitator that stalls in the middle of its body to pending', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":tr');
    };
    expect(await facilitator(200).settle(v2, built.requirementsV2)).toEqual({ status: 'pending', reason: 'facilitator_timeout' });
  });

  it('maps a refused connection to pending', async () => {
    const closed = express().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await new HttpFacilitator(`http://127.0.0.1:${port}`, 2000).settle(v2, built.requirementsV2);
    expect(result).toEqual({ status: 'pending', reason: 'facilitator_unreachable' });
  });

  it('sends the same request as the official HTTPFacilitatorClient', async () => {
    handler = answer(200, { success: true, transaction: TX, network: 'eip155:84532' });
    await facilitator().settle(v2, built.requirementsV2);
    await new HTTPFacilitatorClient({ url, timeoutMs: 2000 }).settle(v2.raw as never, built.requirementsV2);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual(received[1]);
  });

  it('refuses to send a v1 payment with v2 requirements, which a facilitator would misread', async () => {
    await expect(facilitator().settle(v1, built.requirementsV2)).rejects.toThrow(TypeError);
    expect(received).toEqual([]);
  });
});

describe('HttpFacilitator.verify', () => {
  it('maps isValid to valid, a reasoned refusal to invalid and a 500 to unavailable', async () => {
    handler = answer(200, { isValid: true, payer: v2.authorization.from });
    expect(await facilitator().verify(v2, built.requirementsV2)).toEqual({ status: 'valid', payer: v2.authorization.from });
    expect(received[0]).toMatchObject({ method: 'POST', path: '/facilitator/verify' });
    handler = answer(200, { isValid: false, invalidReason: 'invalid_exact_evm_payload_authorization_valid_before' });
    expect(await facilitator().verify(v2, built.requirementsV2)).toEqual({
      status: 'invalid',
      reason: 'invalid_exact_evm_payload_authorization_valid_before',
    });
    handler = answer(500, {});
    expect(await facilitator().verify(v2, built.requirementsV2)).toEqual({ status: 'unavailable', reason: 'facilitator_http_500' });
  });
});

describe('HttpFacilitator.supported', () => {
  it('lists the kinds of GET /supported', async () => {
    handler = answer(200, { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }], extensions: [], signers: {} });
    expect(await facilitator().supported()).toEqual([{ x402Version: 2, scheme: 'exact', network: 'eip155:84532' }]);
    expect(received[0]).toMatchObject({ method: 'GET', path: '/facilitator/supported' });
  });

  it('throws FacilitatorUnavailableError when the list cannot be had', async () => {
    handler = answer(503, {});
    await expect(facilitator().supported()).rejects.toThrow(FacilitatorUnavailableError);
  });
});
