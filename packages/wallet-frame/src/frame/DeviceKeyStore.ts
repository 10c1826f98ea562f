/**
 * Where the frame keeps its device key (`docs/security.md#device-keys`): a non-extractable P-256
 * `CryptoKeyPair`, in the frame origin's IndexedDB in browsers (the host page cannot read it, and the
 * private key cannot be exported even by the frame), in memory in tests.
 */
export type DeviceKeyStore = {
  get(): Promise<CryptoKeyPair | null>
  /** Stores `pair` unless a key is already stored, and returns the stored key (the first writer wins). */
  putIfAbsent(pair: CryptoKeyPair): Promise<CryptoKeyPair>
  delete(): Promise<void>
}

/** Whether `value` (read from storage or a peer page's message) is a `CryptoKeyPair` of `CryptoKey`s. */
export function isKeyPair(value: unknown): value is CryptoKeyPair {
  return (
    typeof value === 'object' &&
    value !== null &&
    'privateKey' in value &&
    'publicKey' in value &&
    typeof CryptoKey !== 'undefined' &&
    value.privateKey instanceof CryptoKey
  )
}
