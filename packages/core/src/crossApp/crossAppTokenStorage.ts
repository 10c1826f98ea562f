import { base64urlnopad } from '@scure/base'
import type { FoyerClient } from '../client/FoyerClient'

/**
 * Storage key of the provider access token for the provider app `providerAppId` (docs/wire.md#cross-app: kept
 * per provider app). @internal
 */
export function crossAppTokenKey(appId: string, providerAppId: string): string {
  return `foyer:${appId}:cross-app:${providerAppId}`
}

/** The `exp` claim (Unix seconds) of a JWT, without verifying it; null when it has none or is not a JWT. @internal */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(payload))) as { exp?: unknown }
    return typeof claims.exp === 'number' ? claims.exp : null
  } catch {
    return null
  }
}

/** Stores the provider access token of `providerAppId` (from `oauth_tokens.access_token`). Never throws. @internal */
export async function storeCrossAppToken(
  client: FoyerClient,
  providerAppId: string,
  token: string,
): Promise<void> {
  await client._internal
    .storage()
    .set(crossAppTokenKey(client.appId, providerAppId), token)
    .catch(() => {})
}

/**
 * The stored provider access token of `providerAppId`, or null when there is none or its `exp` has passed
 * (then it is dropped; docs/wire.md#cross-app). @internal
 */
export async function readCrossAppToken(client: FoyerClient, providerAppId: string): Promise<string | null> {
  const key = crossAppTokenKey(client.appId, providerAppId)
  const token = await client._internal
    .storage()
    .get(key)
    .catch(() => null)
  if (!token) return null
  const exp = jwtExpiry(token)
  if (exp === null || exp * 1000 <= Date.now()) {
    await clearCrossAppToken(client, providerAppId)
    return null
  }
  return token
}

/** Drops the provider access token of `providerAppId`. Never throws. @internal */
export async function clearCrossAppToken(client: FoyerClient, providerAppId: string): Promise<void> {
  await client._internal
    .storage()
    .remove(crossAppTokenKey(client.appId, providerAppId))
    .catch(() => {})
}
