import canonicalize from 'canonicalize'

/**
 * The HPKE (RFC 9180) hand-over of a delegated share to the signer (docs/delegated-actions.md#signer):
 * mode base, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM (suite 0x0010, 0x0001, 0x0002); the
 * signer's public key is the 65-byte uncompressed P-256 point, in base64.
 */
export const DELEGATED_SHARE_HPKE_SUITE = { kem: 0x0010, kdf: 0x0001, aead: 0x0002 } as const

/** The HPKE `info` of a delegated share (its key schedule's context). */
export const DELEGATED_SHARE_HPKE_INFO = 'foyer delegated share v1'

/** What a delegated share's ciphertext is bound to: who delegated which entropy to which app, on which terms. */
export type DelegatedShareBinding = {
  /** The app the wallets are delegated to. */
  appId: string
  /** The user, `did:foyer:…` (the access token's subject). */
  userId: string
  chainType: 'ethereum' | 'solana'
  /** The entropy's id, its index-0 address (an Ethereum address lower-cased). */
  entropyId: string
  /** The app's policy the user accepted, as the terms route answered it. */
  policy: unknown
  /** The daily limit the user accepted, in the chain's smallest unit (decimal wei or lamports), or null. */
  dailyLimit: string | null
}

/**
 * The HPKE additional data of a delegated share: the UTF-8 of the RFC 8785 canonical JSON `{ app_id, user_id,
 * chain_type, entropy_id, policy, daily_limit }`. The signer opens the ciphertext only with the
 * same values, so the server can neither move it to another user, entropy or app nor widen the policy the
 * user accepted. Throws `TypeError` when the policy is not JSON.
 */
export function delegatedShareAad(binding: DelegatedShareBinding): Uint8Array {
  const canonical = canonicalize({
    app_id: binding.appId,
    user_id: binding.userId,
    chain_type: binding.chainType,
    entropy_id: binding.chainType === 'ethereum' ? binding.entropyId.toLowerCase() : binding.entropyId,
    policy: binding.policy,
    daily_limit: binding.dailyLimit,
  })
  if (canonical === undefined) throw new TypeError('The delegation terms cannot be canonicalized as JSON')
  return new TextEncoder().encode(canonical)
}
