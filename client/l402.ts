/**
 * L402 on the client side (PRODUCT.md section 4): read the challenge of a 402, have a wallet pay
 * its invoice, and answer with `Authorization: L402 <macaroon>:<preimage>`.
 */

/** Anything that pays a BOLT11 invoice and returns its preimage (hex), e.g. an Alby or LND wallet. */
export interface LightningWallet {
  payInvoice(args: { invoice: string }): Promise<{ preimage: string }>;
}

export interface L402Challenge {
  macaroon: string;
  invoice: string;
}

/**
 * The L402 (or older LSAT) challenge in a WWW-Authenticate value, or undefined. Several
 * challenges may share one header, comma-separated; L402 is preferred.
 */
export function parseL402Challenge(header: string | null): L402Challenge | undefined {
  if (!header) return undefined;
  for (const scheme of ['L402', 'LSAT']) {
    const at = header.search(new RegExp(`(^|[\\s,])${scheme}\\s`, 'i'));
    if (at < 0) continue;
    const rest = header.slice(at).replace(/^[\s,]+/, '').slice(scheme.length);
    const macaroon = /macaroon="([^"]+)"/.exec(rest)?.[1];
    const invoice = /invoice="([^"]+)"/.exec(rest)?.[1];
    if (macaroon && invoice) return { macaroon, invoice };
  }
  return undefined;
}

export function l402Authorization(macaroon: string, preimage: string): string {
  if (!/^[0-9a-f]{64}$/i.test(preimage)) throw new Error('the wallet returned a preimage that is not 64 hex characters');
  return `L402 ${macaroon}:${preimage.toLowerCase()}`;
}
