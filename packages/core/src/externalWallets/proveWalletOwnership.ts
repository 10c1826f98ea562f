import type { EndpointBody } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'
import { recordWalletConnection } from './connectionHistory'
import type { ConnectedExternalWallet, ExternalWallet } from './ExternalWallet'
import { walletCall } from './errors/translateWalletError'
import { WalletConnectionError } from './errors/WalletConnectionError'
import { buildSiweMessage } from './ethereum/buildSiweMessage'
import { connectEthereumWallet, type WalletConnectState } from './ethereum/connectEthereumWallet'
import { connectSolanaWallet } from './solana/connectSolanaWallet'
import { signSiwsMessage } from './solana/signSiwsMessage'

/** Callbacks and overrides of a wallet sign-in or link. */
export type WalletSignInOptions = {
  /** Called once the wallet connected, before the signature prompt: the 'sign to verify' step. */
  onSigning?: ((connected: ConnectedExternalWallet) => void) | undefined
  /**
   * Called as an Ethereum wallet connects: `'connecting'`, `'switching_to_supported_chain'` (it is on a chain
   * outside the client's `chains` and is moved to the first; docs/external-wallets.md "Chains"), `'connected'`.
   */
  onStateChange?: ((state: WalletConnectState) => void) | undefined
  /**
   * The message's `domain`; default `location.host` (docs/security.md property 39: it must match an allowed
   * origin).
   */
  domain?: string | undefined
  /** The message's `uri`; default `location.origin`. */
  uri?: string | undefined
}

/** The signed proof and where to send it. @internal */
export type WalletProof =
  | {
      family: 'siwe'
      connected: ConnectedExternalWallet
      body: EndpointBody<'POST /api/v1/siwe/link'>
    }
  | {
      family: 'siws'
      connected: ConnectedExternalWallet
      body: EndpointBody<'POST /api/v1/siws/link'>
    }

function pageLocation(options: WalletSignInOptions): { domain: string; uri: string } {
  const location = typeof globalThis.location === 'undefined' ? undefined : globalThis.location
  const domain = options.domain ?? location?.host
  const uri = options.uri ?? location?.origin
  if (!domain || !uri)
    throw new TypeError('Signing in with a wallet needs a page location (or domain and uri).')
  return { domain, uri }
}

/**
 * Connects `wallet` and asks the user to sign a sign-in message bound to a fresh server nonce (docs/modal.md,
 * docs/api.md; docs/security.md properties 38–43): Ethereum → `eth_requestAccounts`, `eth_chainId` (a wallet
 * on a chain outside `client.chains` is moved to the first, docs/external-wallets.md "Chains"),
 * `POST /api/v1/siwe/init`, an ERC-4361 message, `personal_sign`; Solana → `standard:connect`,
 * `POST /api/v1/siws/init`, `solana:signIn` or `solana:signMessage`. Records the connection in the history.
 * Nothing is retried (a nonce is single-use).
 *
 * @internal
 */
export async function proveWalletOwnership(
  client: FoyerClient,
  wallet: ExternalWallet,
  options: WalletSignInOptions,
): Promise<WalletProof> {
  const { domain, uri } = pageLocation(options)
  const labels = { walletClientType: wallet.walletClientType, connectorType: wallet.connectorType }
  if (wallet.chainType === 'ethereum') {
    const { address, chainId } = await connectEthereumWallet(wallet, {
      chains: client.chains,
      onStateChange: options.onStateChange,
    })
    const connected: ConnectedExternalWallet = {
      address,
      chainType: 'ethereum',
      chainId: `eip155:${chainId}`,
      ...labels,
    }
    await recordWalletConnection(client, { address, ...labels })
    const init = await request(client, 'POST /api/v1/siwe/init', { body: { address } })
    const message = buildSiweMessage({
      address: init.address as `0x${string}`,
      chainId,
      nonce: init.nonce,
      domain,
      uri,
    })
    options.onSigning?.(connected)
    const signature = await walletCall(
      () => wallet.provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] }),
      'personal_sign',
    )
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
      throw new WalletConnectionError({ details: 'The wallet returned no hex signature.' })
    return {
      family: 'siwe',
      connected,
      body: { message, signature, chainId: `eip155:${chainId}`, ...labels },
    }
  }
  const account = await connectSolanaWallet(wallet)
  const connected: ConnectedExternalWallet = {
    address: account.address,
    chainType: 'solana',
    chainId: undefined,
    ...labels,
  }
  await recordWalletConnection(client, { address: account.address, ...labels })
  const init = await request(client, 'POST /api/v1/siws/init', {
    body: { address: account.address },
  })
  options.onSigning?.(connected)
  const signed = await signSiwsMessage({ wallet, account, nonce: init.nonce, domain, uri })
  return { family: 'siws', connected, body: { ...signed, ...labels } }
}

/** `0x` + the hex of the UTF-8 bytes of `text` (`personal_sign` takes hex data). */
function utf8ToHex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}
