import { endpoints } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import { checksumAddress } from 'viem'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import type { LoadedApp } from '../apps/service'
import { answerSignIn } from '../sessions/answerSignIn'
import { smartWalletRoutes } from '../smartWallets/routes'
import { accountRoutes } from '../users/accountRoutes'
import { assertNotEmbeddedWallet } from '../wallets/service'
import { type ExternalWalletDetails, siweAccountKind, siwsAccountKind } from './account'
import type { SignInFamily } from './parseSignInMessage'
import type { SiweContext } from './SiweContext'
import {
  assertNonceLive,
  assertWalletLoginAllowed,
  canonicalAddress,
  checkSignInMessage,
  consumeNonce,
  issueNonce,
  verifyEthereumSignature,
  verifySolanaSignature,
} from './service'

type SignedBody = {
  message: string
  signature: string
  /** SIWE only, CAIP-2 after parsing (`eip155:1`). */
  chainId?: string
  walletClientType?: string | undefined
  connectorType?: string | undefined
}

/** The stored account type of a family. */
const accountType = (family: SignInFamily) => (family === 'ethereum' ? 'siwe' : 'siws')

/**
 * Sign-in with an external wallet (docs/api.md; docs/security.md properties 38–43; formats: ERC-4361
 * and the wallet-standard `solana:signIn` text):
 * - `POST /api/v1/siwe/init` `{ address, token? }`, `/api/v1/siws/init` → `{ nonce, address, expires_at }`;
 * - `…/authenticate` `{ message, signature, chainId (SIWE), walletClientType?, connectorType?, mode? }` →
 *   auth response: the message is parsed strictly, bound to the request Origin (an allowed origin of the
 *   app), the chain id and the server clock, the nonce must be live for the message's address, the
 *   signature must verify (EOA / ERC-1271 / ed25519), then the nonce is consumed atomically;
 * - `…/link` (session) the same without `mode` → the user; the caller's session and refresh token stay valid
 *   (a guest becomes a full user, docs/linked-accounts.md#linking);
 * - `…/unlink` (session) `{ address }` → the user; an embedded wallet is refused first (400
 *   `cannot_unlink_embedded_wallet`), then `unlinkAccount` (404 `not_found`, 400 `cannot_unlink_sole_account`).
 * - `…/transfer` (session) `{ nonce, address, walletClientType, chainId?, connectorType }` → the user: the
 *   wallet moved from the user who held it (400 `invalid_data` 'Wallet parameters must be defined' without
 *   the wallet and connector names; see `transferAccount`).
 * All but unlink need `wallet_auth` / `solana_wallet_auth` (403 `disallowed_login_method`); `siwe/init` is
 *   also open when the app has smart wallets on.
 * - `POST /api/v1/siwe/link_smart_wallet` (session): `smartWalletRoutes` (needs smart wallets on, not
 *   `wallet_auth`).
 */
export const siweRoutes: PluginRoutes<SiweContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.wallet)

  /** Checks a signed message end to end and consumes its nonce; returns the proven account. */
  async function proveWallet(
    request: FastifyRequest,
    foyerApp: LoadedApp,
    family: SignInFamily,
    body: SignedBody,
  ): Promise<{ subject: string; details: ExternalWalletDetails }> {
    assertWalletLoginAllowed(foyerApp, family)
    const origin = request.headers.origin
    const chainNumber = body.chainId ? body.chainId.slice('eip155:'.length) : undefined
    const parsed = checkSignInMessage({
      family,
      message: body.message,
      origin: typeof origin === 'string' ? origin : undefined,
      allowedOrigins: foyerApp.allowedOrigins,
      ...(chainNumber ? { chainId: chainNumber } : {}),
      now: context.now(),
    })
    const nonceRef = { appId: foyerApp.id, family, address: parsed.address, nonce: parsed.nonce }
    // A live nonce before any signature work (no RPC call for a made-up nonce).
    await assertNonceLive(context, nonceRef)
    const valid =
      family === 'ethereum'
        ? await verifyEthereumSignature(context, {
            address: parsed.address,
            message: body.message,
            signature: body.signature,
            chainId: Number(chainNumber),
          })
        : verifySolanaSignature({
            address: parsed.address,
            message: body.message,
            signatureBase64: body.signature,
          })
    if (!valid) throw foyerError('invalidSignature')
    await consumeNonce(context, nonceRef)
    return {
      subject: canonicalAddress(family, parsed.address),
      details: {
        address: parsed.address,
        ...(body.chainId ? { chain_id: body.chainId } : {}),
        wallet_client_type: body.walletClientType ?? 'unknown',
        connector_type: body.connectorType ?? 'unknown',
      },
    }
  }

  const routes = [
    {
      family: 'ethereum' as const,
      init: endpoints['POST /api/v1/siwe/init'],
      authenticate: endpoints['POST /api/v1/siwe/authenticate'],
      link: endpoints['POST /api/v1/siwe/link'],
      unlink: endpoints['POST /api/v1/siwe/unlink'],
      transfer: endpoints['POST /api/v1/siwe/transfer'],
    },
    {
      family: 'solana' as const,
      init: endpoints['POST /api/v1/siws/init'],
      authenticate: endpoints['POST /api/v1/siws/authenticate'],
      link: endpoints['POST /api/v1/siws/link'],
      unlink: endpoints['POST /api/v1/siws/unlink'],
      transfer: endpoints['POST /api/v1/siws/transfer'],
    },
  ]
  for (const { family, init, authenticate, link, unlink, transfer } of routes) {
    endpointRoute(app, init, { config }, async (request) => {
      const foyerApp = await requireApp(context, request)
      // A smart wallet's link takes its nonce here too (docs/smart-wallets.md#linking).
      const smartWallets = foyerApp.settings.smart_wallet_config
      if (!(family === 'ethereum' && smartWallets.enabled && smartWallets.smart_wallet_type !== null))
        assertWalletLoginAllowed(foyerApp, family)
      const address =
        family === 'ethereum'
          ? checksumAddress(request.body.address.toLowerCase() as `0x${string}`)
          : request.body.address
      const { nonce, expiresAt } = await issueNonce(context, { appId: foyerApp.id, family, address })
      return { nonce, address, expires_at: expiresAt.toISOString() }
    })
    endpointRoute(app, authenticate, { config }, async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      const body = request.body as SignedBody & { mode?: 'login-or-sign-up' | 'no-signup' }
      const { subject, details } = await proveWallet(request, foyerApp, family, body)
      return answerSignIn(context, request, reply, foyerApp, {
        type: accountType(family),
        subject,
        details,
        mode: body.mode,
      })
    })
    await accountRoutes(app, context, {
      kinds: [family === 'ethereum' ? siweAccountKind : siwsAccountKind],
      config,
      link: {
        endpoint: link,
        prove: ({ request, app: foyerApp, body }) =>
          proveWallet(request, foyerApp, family, body as SignedBody),
      },
      unlink: {
        endpoint: unlink,
        rateLimited: false,
        account: async ({ session: { userId }, body: { address } }) => {
          await assertNotEmbeddedWallet(context, { userId, address })
          return { subject: canonicalAddress(family, address) }
        },
      },
      transfer: {
        endpoint: transfer,
        account: async ({ body: { address, walletClientType, connectorType } }) => {
          // docs/limits.md: a wallet transfer carries the wallet's metadata.
          if (!walletClientType || !connectorType) throw foyerError('walletParametersMissing')
          return { subject: canonicalAddress(family, address) }
        },
      },
    })
  }
  await smartWalletRoutes(app, context)
}
