/** Identifiers the service assigns. */
import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters, as spec 2.2 shows for agents. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export function newPaymentId(): string {
  return `pay_${newId()}`;
}
