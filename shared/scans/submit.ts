/**
 * Recording a submitted scan. With a scan key, spending one scan and inserting the row are one
 * transaction: a scan that is not recorded spends nothing, and a key is never overdrawn.
 */
import { transaction, type Db } from '../db/pool.js';
import { newScanId } from '../ids.js';
import { consumeScan } from './keys.js';
import { insertScan } from './queries.js';
import type { ScanRow, SubmittedSkill } from './types.js';

/** Who pays for a scan: the day's trial allowance (already counted), or a scan key. */
export type ScanPayer = { kind: 'trial'; trialClient: string } | { kind: 'key'; keyHash: string };

/** Throws UnknownScanKeyError (401) or ScanQuotaExhaustedError (402) for a key that cannot pay. */
export async function recordScan(db: Db, skill: SubmittedSkill, payer: ScanPayer): Promise<ScanRow> {
  const id = newScanId();
  if (payer.kind === 'trial') {
    return insertScan(db, { id, skill, client: { kind: 'trial', trialClient: payer.trialClient } });
  }
  return transaction(db, async (tx) => {
    const key = await consumeScan(tx, payer.keyHash);
    return insertScan(tx, { id, skill, client: { kind: 'key', scanKeyId: key.id } });
  });
}
