import { type ChainType, walletAddressProofMessage } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { decodeJwt } from 'jose'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** The keys of the addresses the tests made: create and additional bodies are signed by them. */
const signers = new Map<string, (message: string) => Promise<string>>()

/** A new random Ethereum address whose key {@link signWalletBody} can sign with. */
export function testEthereumAddress(): string {
  const account = privateKeyToAccount(generatePrivateKey())
  signers.set(account.address.toLowerCase(), (message) => account.signMessage({ message }))
  return account.address
}

/** A new random Solana address whose key {@link signWalletBody} can sign with. */
export function testSolanaAddress(): string {
  const secret = ed25519.utils.randomSecretKey()
  const address = base58.encode(ed25519.getPublicKey(secret))
  signers.set(address, async (message) =>
    Buffer.from(ed25519.sign(new TextEncoder().encode(message), secret)).toString('base64'),
  )
  return address
}

/**
 * Adds `address_signature` (`walletAddressProofMessage`, signed by the address's own key) to a body of
 * `POST /api/v1/embedded_wallets`, `…/additional` or `…/import` whose address a test made with
 * {@link testEthereumAddress} or {@link testSolanaAddress}; any other body is returned as is.
 */
export async function signWalletBody(
  appId: string,
  url: string,
  token: string,
  json: unknown,
): Promise<unknown> {
  if (
    !['/embedded_wallets', '/embedded_wallets/additional', '/embedded_wallets/import'].some((end) =>
      url.endsWith(end),
    )
  )
    return json
  if (typeof json !== 'object' || json === null || 'address_signature' in json) return json
  const body = json as { address?: string; chain_type?: ChainType; wallet_index?: number }
  const address = String(body.address)
  const sign = signers.get(address.startsWith('0x') ? address.toLowerCase() : address)
  if (!sign || !body.chain_type) return json
  const message = walletAddressProofMessage({
    appId,
    userId: String(decodeJwt(token).sub),
    chainType: body.chain_type,
    walletIndex: body.wallet_index ?? 0,
    address,
  })
  return { ...body, address_signature: await sign(message) }
}
