/**
 * A stand-in x402 facilitator on 127.0.0.1: GET /supported, POST /verify and POST /settle, under
 * a base path, like a hosted one. It checks the `Authorization` header of every call (401 when
 * it is wrong, as the hosted facilitator does) and by default verifies and settles for real with
 * the embedded facilitator (EIP-712 signature included, no chain). A test can replace any answer.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import {
  EmbeddedFacilitator, parsePaymentPayload, parseServerRequirements, type SupportedKind, type X402Settings,
} from '../../shared/x402/index.js';
import { x402Settings } from './x402-fixtures.js';

export interface StandInCall {
  method: string;
  path: string;
  authorization?: string;
  body: unknown;
}

type Handler = (req: Request, res: Response) => void | Promise<void>;

export interface FacilitatorStandIn {
  /** Base URL to give as X402_FACILITATOR_URL (ends in /x402). */
  url: string;
  calls: StandInCall[];
  /** Accepts a call when it returns true; default: every call. */
  authorize: (authorization: string | undefined, req: Request) => boolean;
  kinds: SupportedKind[];
  /** Replace the answer to /verify or /settle; undefined restores the embedded facilitator's. */
  verify?: Handler;
  settle?: Handler;
  close(): Promise<void>;
}

/** The kinds a facilitator for Base Sepolia lists. */
export const BASE_SEPOLIA_KINDS: SupportedKind[] = [
  { x402Version: 2, scheme: 'exact', network: 'eip155:84532' },
  { x402Version: 1, scheme: 'exact', network: 'base-sepolia' },
];

export async function startFacilitatorStandIn(settings: X402Settings = x402Settings): Promise<FacilitatorStandIn> {
  const embedded = new EmbeddedFacilitator(settings);
  const app = express();
  app.use(express.json());
  const standIn: FacilitatorStandIn = {
    url: '',
    calls: [],
    authorize: () => true,
    kinds: BASE_SEPOLIA_KINDS,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  app.use((req, res, next) => {
    const authorization = req.get('authorization');
    standIn.calls.push({ method: req.method, path: req.path, authorization, body: req.body });
    if (!standIn.authorize(authorization, req)) {
      res.status(401).json({ errorType: 'unauthorized', errorMessage: 'Unauthorized' });
      return;
    }
    next();
  });
  app.get('/x402/supported', (_req, res) => {
    res.json({ kinds: standIn.kinds, extensions: [], signers: {} });
  });
  app.post('/x402/verify', async (req, res) => {
    if (standIn.verify) return standIn.verify(req, res);
    const r = await embedded.verify(parsePaymentPayload(req.body.paymentPayload), parseServerRequirements(req.body.paymentRequirements));
    res.json(r.status === 'valid' ? { isValid: true, payer: r.payer } : { isValid: false, invalidReason: r.reason });
  });
  app.post('/x402/settle', async (req, res) => {
    if (standIn.settle) return standIn.settle(req, res);
    const r = await embedded.settle(parsePaymentPayload(req.body.paymentPayload), parseServerRequirements(req.body.paymentRequirements));
    res.json(
      r.status === 'settled'
        ? { success: true, transaction: r.transaction, network: r.network, payer: r.payer }
        : { success: false, errorReason: r.status === 'invalid' ? r.reason : 'settlement_pending', transaction: '', network: settings.network },
    );
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x402`;
  return standIn;
}
