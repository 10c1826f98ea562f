import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** Random part of a partner user reference, in bytes (16 base64url characters). */
const NONCE_BYTES = 12
/** MAC part, in bytes (22 base64url characters): HMAC-SHA256 truncated to 128 bits. */
const MAC_BYTES = 16

function mac(key: Uint8Array, appId: string, userId: string, nonce: string): Buffer {
  return createHmac('sha256', key).update(`${appId}\n${userId}\n${nonce}`).digest().subarray(0, MAC_BYTES)
}

/**
 * A fresh partner user reference for one Coinbase Onramp session of `userId` in `appId` (the
 * `partner_user_id` of `coinbase_on_ramp/init`, docs/api.md): 16 random base64url characters and a
 * 22-character HMAC-SHA256 of app, user and that nonce under `key` — 38 characters, under Coinbase's 50. Each
 * session gets its own, so an older purchase never answers a new session's status, and the server needs no
 * table to know whose it is ({@link isPartnerUserRefOf}).
 *
 * @example const ref = createPartnerUserRef(deriveKey(masterKey, 'coinbase-partner-user-ref'), appId, userId)
 */
export function createPartnerUserRef(key: Uint8Array, appId: string, userId: string): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url')
  return `${nonce}${mac(key, appId, userId, nonce).toString('base64url')}`
}

/**
 * Whether `ref` was made by {@link createPartnerUserRef} for this user of this app (constant-time MAC
 * comparison); false for anything else, including another user's reference.
 *
 * @example isPartnerUserRefOf(key, appId, userId, request.query.partnerUserId)
 */
export function isPartnerUserRefOf(key: Uint8Array, appId: string, userId: string, ref: string): boolean {
  const nonceLength = Math.ceil((NONCE_BYTES * 4) / 3)
  if (!/^[A-Za-z0-9_-]{38}$/.test(ref)) return false
  const nonce = ref.slice(0, nonceLength)
  const given = Buffer.from(ref.slice(nonceLength), 'base64url')
  return given.length === MAC_BYTES && timingSafeEqual(given, mac(key, appId, userId, nonce))
}
