/**
 * Request header names of the wire contract (docs/api.md). These keep the reference protocol's spelling
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
  /** The retry attempt number, 0..3 (docs/api.md). */
  retryAttempt: 'privy-retry-attempt',
  /**
   * `t` when the library's own modal drives the call (`oauth/init`, docs/wire.md#oauth); absent otherwise.
   */
  ui: 'privy-ui',
  /**
   * A random key (128 bits or more) the client picks once per call and sends on every attempt of a
   * non-GET call (draft-ietf-httpapi-idempotency-key-header): the server answers a retry with the first
   * attempt's answer instead of acting twice (docs/api.md#retries).
   */
  idempotencyKey: 'idempotency-key',
  /** The app's authorization signatures of a wallet-API request (docs/authorization-signatures.md). */
  authorizationSignature: 'privy-authorization-signature',
  /** The wallet API's idempotency key: inside the signed bytes; one key acts once (docs/delegated-actions.md). */
  walletIdempotencyKey: 'privy-idempotency-key',
} as const
