import { OAUTH_FLOW_TTL_SECONDS } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'

/**
 * Storage key of the OAuth flow in progress for `appId`: state, PKCE verifier, provider (docs/limits.md),
 * kept until its code is used, so a full-page redirect survives. @internal
 */
export function oauthFlowKey(appId: string): string {
  return `foyer:${appId}:oauth_flow`
}

/** What a sign-in or link through OAuth is for. */
export type OAuthAction = 'login' | 'link'

/** How the provider's page is shown: a 440 × 680 popup, or the whole page (docs/modal.md). */
export type OAuthDisplayMode = 'popup' | 'redirect'

/**
 * An OAuth flow in progress, kept in the client's storage from `initLoginWithOAuth` until its code is used,
 * so that a full-page redirect survives (docs/limits.md).
 *
 * @internal
 */
export type StoredOAuthFlow = {
  provider: string
  /** The state sent to `oauth/init` (36 random bytes, base64url); the return must carry it back. */
  stateCode: string
  /** The PKCE code verifier (RFC 7636 §4.1) whose S256 challenge went to `oauth/init`. */
  codeVerifier: string
  action: OAuthAction
  mode: OAuthDisplayMode
  /** Sign-in mode `'no-signup'` when true (docs/modal.md "OAuth"). */
  disableSignup: boolean
  /** When the flow began, in ms since the epoch; older than `OAUTH_FLOW_TTL_SECONDS` counts as missing. */
  createdAt: number
}

/** Stores `flow`, replacing any earlier one (one OAuth flow per app and browser). @internal */
export async function saveOAuthFlow(client: FoyerClient, flow: StoredOAuthFlow): Promise<void> {
  await client._internal.storage().set(oauthFlowKey(client.appId), JSON.stringify(flow))
}

/** The stored flow, or `null` when there is none, it is unreadable, or it is older than the flow TTL. @internal */
export async function readOAuthFlow(client: FoyerClient): Promise<StoredOAuthFlow | null> {
  let raw: string | null
  try {
    raw = await client._internal.storage().get(oauthFlowKey(client.appId))
  } catch {
    return null
  }
  if (!raw) return null
  try {
    const flow = JSON.parse(raw) as Partial<StoredOAuthFlow>
    if (
      typeof flow.stateCode !== 'string' ||
      typeof flow.codeVerifier !== 'string' ||
      typeof flow.provider !== 'string' ||
      typeof flow.createdAt !== 'number'
    )
      return null
    if (Date.now() - flow.createdAt > OAUTH_FLOW_TTL_SECONDS * 1000) return null
    return {
      provider: flow.provider,
      stateCode: flow.stateCode,
      codeVerifier: flow.codeVerifier,
      action: flow.action === 'link' ? 'link' : 'login',
      mode: flow.mode === 'redirect' ? 'redirect' : 'popup',
      disableSignup: flow.disableSignup === true,
      createdAt: flow.createdAt,
    }
  } catch {
    return null
  }
}

/**
 * Forgets the stored flow (its verifier is single use); with `stateCode`, only when the stored flow is that
 * one (an aborted flow never drops a newer one). Never throws. @internal
 */
export async function clearOAuthFlow(client: FoyerClient, stateCode?: string): Promise<void> {
  if (stateCode !== undefined && (await readOAuthFlow(client))?.stateCode !== stateCode) return
  await client._internal
    .storage()
    .remove(oauthFlowKey(client.appId))
    .catch(() => {})
}
