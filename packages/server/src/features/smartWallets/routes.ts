import { endpoints } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { type Address, getAddress, type Hex, isErc6492Signature } from 'viem'
import { foyerError } from '../../errors/foyerError'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { LoadedApp } from '../apps/service'
import type { SiweContext } from '../siwe/SiweContext'
import {
  assertNonceLive,
  canonicalAddress,
  checkSignInMessage,
  consumeNonce,
  publicClientFor,
} from '../siwe/service'
import { accountRoutes } from '../users/accountRoutes'
import { type SmartWalletDetails, smartWalletAccountKind } from './account'

/** The app's smart-wallet settings when they are on with a type; 400 `not_supported` otherwise. */
function enabledSmartWallets(app: LoadedApp) {
  const config = app.settings.smart_wallet_config
  const type = config.smart_wallet_type
  if (!config.enabled || type === null) throw foyerError('smartWalletsNotEnabled')
  return { ...config, smart_wallet_type: type }
}

/** The decimal `Chain ID` of an ERC-4361 message, '' when it has none (the strict parse then refuses it). */
function messageChainId(message: string): string {
  return /^Chain ID: ([0-9]{1,16})$/m.exec(message)?.[1] ?? ''
}

/**
 * `POST /api/v1/siwe/link_smart_wallet` (session) `{ message, signature, smart_wallet_type,
 * smart_wallet_version? }` → the user, with a `smart_wallet` account (docs/smart-wallets.md#linking):
 * 1. the app has smart wallets on with a type (400 `not_supported`), the body's type is that type (400
 *    `invalid_data`) and the message's chain is one of the app's configured networks (`eip155:<id>`, 400
 *    `invalid_data`);
 * 2. the message is checked as a SIWE sign-in's (origin, domain, URI, times; `checkSignInMessage`) and its
 *    nonce, from `siwe/init` for the smart wallet's address, is live (401 `invalid_credentials`);
 * 3. the signature verifies on that chain through the server's RPC URL (400 `not_supported` without one):
 *    ERC-6492 for an account not yet deployed (the factory call is simulated in an `eth_call`), else
 *    ERC-1271 `isValidSignature` (viem's `verifyMessage`); an address with no code whose signature carries
 *    no deployment is not a smart wallet (401). Then the nonce is consumed atomically.
 * The link itself is `linkAccountToUser`: one smart wallet per user (400 `cannot_link_more_of_type`), one
 * user per smart wallet (400 `linked_to_another_user`, UNIQUE (app, type, subject)).
 */
export async function smartWalletRoutes(app: FastifyInstance, context: SiweContext): Promise<void> {
  await accountRoutes(app, context, {
    kinds: [smartWalletAccountKind],
    config: rateLimitConfig(context.rateLimits?.wallet),
    link: {
      endpoint: endpoints['POST /api/v1/siwe/link_smart_wallet'],
      prove: async ({ request, app: foyerApp, body }) => {
        const config = enabledSmartWallets(foyerApp)
        if (body.smart_wallet_type !== config.smart_wallet_type)
          throw foyerError('smartWalletTypeMismatch', {
            type: body.smart_wallet_type,
            expected: config.smart_wallet_type,
          })
        const chainId = messageChainId(body.message)
        const origin = request.headers.origin
        const parsed = checkSignInMessage({
          family: 'ethereum',
          message: body.message,
          origin: typeof origin === 'string' ? origin : undefined,
          allowedOrigins: foyerApp.allowedOrigins,
          chainId,
          now: context.now(),
        })
        // `chain_id` is CAIP-2 (`eip155:8453`); a bare decimal id is read the same.
        const configured = (network: { chain_id: string }) =>
          network.chain_id === `eip155:${chainId}` || network.chain_id === chainId
        if (!config.configured_networks.some(configured))
          throw foyerError('smartWalletChainNotConfigured', { chainId })
        const nonceRef = {
          appId: foyerApp.id,
          family: 'ethereum' as const,
          address: parsed.address,
          nonce: parsed.nonce,
        }
        await assertNonceLive(context, nonceRef)
        const client = publicClientFor(context, Number(chainId))
        if (!client) throw foyerError('noRpcUrlForChain', { chainId })
        const address = getAddress(parsed.address) as Address
        const signature = body.signature as Hex
        const valid = await client
          .verifyMessage({ address, message: body.message, signature })
          .catch(() => false)
        if (!valid) throw foyerError('invalidSignature')
        // An EOA's own signature also verifies: a smart wallet has code, or is deployed by its signature.
        if (!isErc6492Signature(signature) && !(await client.getCode({ address }).catch(() => undefined)))
          throw foyerError('notASmartWallet')
        await consumeNonce(context, nonceRef)
        const details: SmartWalletDetails = {
          address,
          smart_wallet_type: body.smart_wallet_type,
          ...(body.smart_wallet_version ? { smart_wallet_version: body.smart_wallet_version } : {}),
        }
        return { subject: canonicalAddress('ethereum', address), details }
      },
    },
  })
}
