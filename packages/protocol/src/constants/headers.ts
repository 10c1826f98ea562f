/**
 * Request header names of the wire contract (DESIGN.md "Wire contract"). These keep the spec's spelling
 * so that clients and servers of the same protocol interoperate.
 */
export const headers = {
  /** The 25-character app id; on every call. */
  appId: 'privy-app-id',
  /** The per-installation client id, generated once and kept in storage. */
  clientId: 'privy-client-id',
  /** The per-browser analytics id (a UUID kept in storage). */
  analyticsId: 'privy-ca-id',
  /** `<package>:<version>` of the calling SDK. */
  client: 'privy-client',
  /** The retry attempt number, 0..3 (spec 01 §7). */
  retryAttempt: 'privy-retry-attempt',
  /** `t` when the library's own modal drives the call (`oauth/init`, WIRE.md §1); absent otherwise. */
  ui: 'privy-ui',
} as const
