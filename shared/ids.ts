/** Identifiers the service assigns. */
import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters, as spec 2.2 shows for agents. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function newPaymentId(): string {
  return `pay_${newId()}`;
}

/** 16 lowercase hex characters: a scan result id, the tail of its ThreatItem id and url (spec 2.5). */
export function newScanId(): string {
  return randomBytes(8).toString('hex');
}
