/**
 * createLightningBackend picks the backend the configuration names, reads LND's macaroon file,
 * and derives the same embedded node key in every process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bolt11 from 'bolt11';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.js';
import { EmbeddedLightningBackend, LndRestBackend, canMarkPaid, createLightningBackend } from '../../shared/lightning/index.js';
import { createTestDb, type TestDb } from '../helpers/db.js';

let db: TestDb;
let dir: string;

beforeAll(async () => {
  db = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'lnd-mac-'));
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('createLightningBackend', () => {
  it('builds the embedded backend by default, and only it can mark invoices paid', () => {
    const backend = createLightningBackend(loadConfig({ NODE_ENV: 'test' }), db.pool);
    expect(backend).toBeInstanceOf(EmbeddedLightningBackend);
    expect(canMarkPaid(backend)).toBe(true);
  });

  it('signs as one node id for one master key, and another for another key', async () => {
    const node = async (env: Record<string, string>) => {
      const { invoice } = await createLightningBackend(loadConfig({ NODE_ENV: 'test', ...env }), db.pool).createInvoice({ amountSats: 1n, memo: '', expirySeconds: 60 });
      return bolt11.decode(invoice).payeeNodeKey;
    };
    const key = { SIGNING_MASTER_KEY: 'x'.repeat(32) };
    expect(await node(key)).toBe(await node(key));
    expect(await node(key)).not.toBe(await node({ SIGNING_MASTER_KEY: 'y'.repeat(32) }));
    expect(await node({ ...key, LIGHTNING_NODE_KEY: '22'.repeat(32) })).toBe(await node({ LIGHTNING_NODE_KEY: '22'.repeat(32) }));
  });

  it('builds the LND backend with the macaroon read from its file as hex', () => {
    const path = join(dir, 'invoice.macaroon');
    writeFileSync(path, Buffer.from([0x02, 0x01, 0xff]));
    const backend = createLightningBackend(
      loadConfig({ NODE_ENV: 'test', LIGHTNING_BACKEND: 'lnd', LND_REST_URL: 'https://127.0.0.1:8080', LND_MACAROON_PATH: path }),
      db.pool,
    );
    expect(backend).toBeInstanceOf(LndRestBackend);
    expect(canMarkPaid(backend)).toBe(false);
    expect((backend as unknown as { conn: { macaroonHex: string } }).conn.macaroonHex).toBe('0201ff');
  });

  it('refuses a node key that cannot sign at start-up, not at the first invoice', () => {
    expect(() => createLightningBackend(loadConfig({ NODE_ENV: 'test', LIGHTNING_NODE_KEY: '00'.repeat(32) }), db.pool)).toThrow(/LIGHTNING_NODE_KEY/);
    expect(() => createLightningBackend(loadConfig({ NODE_ENV: 'test', LIGHTNING_NODE_KEY: 'ff'.repeat(32) }), db.pool)).toThrow(/LIGHTNING_NODE_KEY/);
  });

  it('refuses the embedded backend under a hand-built production config without the opt-in', () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), NODE_ENV: 'production' as const };
    expect(() => createLightningBackend(config, db.pool)).toThrow(/LIGHTNING_EMBEDDED_IN_PRODUCTION/);
  });
});
