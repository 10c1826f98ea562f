import {
  authorizationPublicKey,
  createWalletApiClient,
  generateAuthorizationKeyPair,
  InvalidTokenError,
  verifyAccessToken,
  WalletApiError,
} from '@foyer/node'
import { APP_ID_LENGTH, type DelegationsResponse, headers } from '@foyer/protocol'
import { DEMO_APP_ID } from './handleWhoami'

/** A user's wallet delegated to the demo's back end, as the Foyer server named it at registration. */
type Registration = { appId: string; walletId: string; address: string }

/** What a route answers: the status and the JSON body. */
export type DelegatedActionsResult = { status: number; body: unknown }

/**
 * The demo back end's authorization key: `FOYER_DEMO_AUTHORIZATION_KEY` (`npm run demo` makes one and gives
 * its public key to the demo app), else one made once per dev-server process.
 */
let authorizationKey: string | undefined
function demoAuthorizationKey(): string {
  authorizationKey ??= process.env.FOYER_DEMO_AUTHORIZATION_KEY || generateAuthorizationKeyPair().privateKey
  return authorizationKey
}

/** User id → the wallet the user delegated to the demo app (memory only: the demo forgets on restart). */
const registrations = new Map<string, Registration>()

/**
 * The demo host's back end for delegated actions (docs/delegated-actions.md#demo), on the demo's own origin:
 * - `GET /api/delegated/authorization-key` → `{ publicKey }`: the key the app's
 *   `delegated_actions.authorization_public_keys` must list;
 * - `POST /api/delegated/register?appId=…` with the user's `Authorization: Bearer` access token (after the
 *   consent, or after a revoke): verifies the token with `@foyer/node`, asks the Foyer server which wallet
 *   the user delegated to the app (`GET /api/v1/embedded_wallets/delegations` with that token) and keeps
 *   its id → `{ userId, wallet: { id, address } | null }`;
 * - `POST /api/delegated/send` `{ userId, to, valueWei }`: what the host's own job does while the user is
 *   away — sends `valueWei` (decimal) to `to` on anvil (chain 31337) from the user's delegated wallet with
 *   the wallet API client of `@foyer/node` → `{ hash }`, or the wallet API's refusal `{ error, code }` with
 *   its status (403 `policy_violation` with the policy's reason, 403 `user_has_not_delegated_wallet`), 404
 *   `not_registered` for a user the back end knows no wallet of, 400 `invalid_request` for a bad body.
 *
 * @param apiUrl - The Foyer server's base URL.
 */
export async function handleDelegatedActions(
  request: { method: string; url: string; authorization: string | undefined; body: unknown },
  apiUrl: string,
): Promise<DelegatedActionsResult> {
  const url = new URL(request.url, 'http://demo.invalid')
  const base = apiUrl.replace(/\/+$/, '')
  if (request.method === 'GET' && url.pathname === '/api/delegated/authorization-key')
    return { status: 200, body: { publicKey: authorizationPublicKey(demoAuthorizationKey()) } }
  if (request.method === 'POST' && url.pathname === '/api/delegated/register')
    return register(url.searchParams.get('appId') ?? DEMO_APP_ID, request.authorization, base)
  if (request.method === 'POST' && url.pathname === '/api/delegated/send') return send(request.body, base)
  return { status: 404, body: { error: 'Not found', code: 'not_found' } }
}

async function register(
  appId: string,
  authorization: string | undefined,
  apiUrl: string,
): Promise<DelegatedActionsResult> {
  if (!new RegExp(`^[a-z0-9]{${APP_ID_LENGTH}}$`).test(appId))
    return { status: 400, body: { error: 'Invalid app id', code: 'invalid_request' } }
  const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1]
  if (!token) return { status: 401, body: { error: 'No access token', code: 'missing_token' } }
  let userId: string
  try {
    ;({ userId } = await verifyAccessToken(token, {
      appId,
      jwksUrl: `${apiUrl}/api/v1/apps/${appId}/jwks.json`,
    }))
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error
    return { status: 401, body: { error: error.shortMessage, code: error.code } }
  }
  const response = await fetch(`${apiUrl}/api/v1/embedded_wallets/delegations`, {
    headers: { authorization: `Bearer ${token}`, [headers.appId]: appId },
  })
  if (!response.ok) return { status: 502, body: { error: 'The Foyer server refused', code: 'upstream' } }
  const { delegated_wallets: wallets } = (await response.json()) as DelegationsResponse
  const wallet = wallets.find((candidate) => candidate.chain_type === 'ethereum')
  if (wallet) registrations.set(userId, { appId, walletId: wallet.id, address: wallet.address })
  else registrations.delete(userId)
  return { status: 200, body: { userId, wallet: wallet ? { id: wallet.id, address: wallet.address } : null } }
}

async function send(body: unknown, apiUrl: string): Promise<DelegatedActionsResult> {
  const { userId, to, valueWei } = (body ?? {}) as Record<string, unknown>
  if (
    typeof userId !== 'string' ||
    typeof to !== 'string' ||
    !/^0x[0-9a-fA-F]{40}$/.test(to) ||
    typeof valueWei !== 'string' ||
    !/^\d{1,30}$/.test(valueWei)
  )
    return {
      status: 400,
      body: { error: 'Expected { userId, to (address), valueWei (decimal) }', code: 'invalid_request' },
    }
  const registration = registrations.get(userId)
  if (!registration)
    return { status: 404, body: { error: 'No delegated wallet of this user', code: 'not_registered' } }
  const wallets = createWalletApiClient({
    apiUrl,
    appId: registration.appId,
    authorizationKey: demoAuthorizationKey(),
  })
  try {
    const answer = await wallets.rpc(registration.walletId, {
      method: 'eth_sendTransaction',
      caip2: 'eip155:31337',
      params: { transaction: { to, value: `0x${BigInt(valueWei).toString(16)}` } },
    })
    return { status: 200, body: { from: registration.address, ...answer.data } }
  } catch (error) {
    if (!(error instanceof WalletApiError)) throw error
    return { status: error.status, body: { error: error.message, code: error.code } }
  }
}
