import type { FoyerClient } from '../client/FoyerClient'

/** Storage key of the guest credential of `appId` (docs/wire.md: kept in local storage per app). */
export function guestCredentialKey(appId: string): string {
  return `foyer:${appId}:guest_credential`
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * The guest credential of this app on this device: read from storage, or — the first time — 32 bytes from
 * `crypto.getRandomValues`, base64url (43 characters), stored under `foyer:<appId>:guest_credential`.
 *
 * @internal
 */
export async function readOrCreateGuestCredential(client: FoyerClient): Promise<string> {
  const storage = client._internal.storage()
  const key = guestCredentialKey(client.appId)
  const stored = await storage.get(key)
  if (stored && /^[A-Za-z0-9_-]{43}$/.test(stored)) return stored
  const credential = toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
  await storage.set(key, credential)
  return credential
}

/** Forgets the guest credential (after the guest became a full user). @internal */
export async function clearGuestCredential(client: FoyerClient): Promise<void> {
  await client._internal.storage().remove(guestCredentialKey(client.appId))
}
