/** The few parts of npm `macaroon` 3.0.4 (untyped) that the tests use as an independent check. */
declare module 'macaroon' {
  export interface NpmMacaroon {
    readonly identifier: Uint8Array;
    readonly location: string;
    readonly signature: Uint8Array;
    readonly caveats: { identifier: Uint8Array; vid?: Uint8Array }[];
    addFirstPartyCaveat(caveat: Uint8Array | string): void;
    exportBinary(): Uint8Array;
    verify(rootKey: Uint8Array, check: (condition: string) => string | null | undefined): void;
  }
  export function newMacaroon(args: { identifier: Uint8Array | string; location?: string; rootKey: Uint8Array; version?: number }): NpmMacaroon;
  export function importMacaroon(data: string | Uint8Array): NpmMacaroon;
}
