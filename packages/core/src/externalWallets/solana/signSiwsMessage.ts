import { base64 } from '@scure/base'
import {
  SolanaSignIn,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import type { WalletAccount } from '@wallet-standard/base'
import type { SolanaExternalWallet } from '../ExternalWallet'
import { walletCall } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { SIGN_IN_STATEMENT } from '../ethereum/buildSiweMessage'

/** Parameters of {@link signSiwsMessage}. */
export type SignSiwsMessageParameters = {
  wallet: SolanaExternalWallet
  /** The connected account (`standard:connect`). */
  account: WalletAccount
  /** The nonce of `siws/init` for this address. */
  nonce: string
  /** `location.host`. */
  domain: string
  /** `location.origin`. */
  uri: string
  issuedAt?: Date | undefined
}

/**
 * Signs a Sign In With Solana message (docs/security.md property 43; the wallet-standard `solana:signIn`
 * format): the wallet's `solana:signIn` with
 * `{ domain, address, statement, uri, version: '1', chainId: 'mainnet', nonce, issuedAt }` when present, else
 * the same fields as text (`createSignInMessageText`) through `solana:signMessage`. Answers what the wallet
 * signed, as text, and the ed25519 signature as base64. Internal.
 *
 * @throws {UserRejectedRequestError} the user declined (4001)
 * @throws {WalletConnectionError} another account signed in, no signing feature, or a malformed answer
 */
export async function signSiwsMessage(
  parameters: SignSiwsMessageParameters,
): Promise<{ message: string; signature: string }> {
  const { wallet, account } = parameters
  const input = {
    domain: parameters.domain,
    address: account.address,
    statement: SIGN_IN_STATEMENT,
    uri: parameters.uri,
    version: '1',
    chainId: 'mainnet',
    nonce: parameters.nonce,
    issuedAt: (parameters.issuedAt ?? new Date()).toISOString(),
  } satisfies SolanaSignInInput
  const features = wallet.wallet.features as Partial<SolanaSignInFeature & SolanaSignMessageFeature>
  const signIn = features[SolanaSignIn]
  const signMessage = features[SolanaSignMessage]
  let signed: { signedMessage: Uint8Array; signature: Uint8Array }
  if (signIn) {
    const [output] = await walletCall(() => signIn.signIn(input))
    if (!output) throw new WalletConnectionError({ details: 'The wallet returned no sign-in.' })
    // The nonce is bound to the connected address: a sign-in by another account cannot verify.
    if (output.account.address !== account.address)
      throw new WalletConnectionError({ details: 'The wallet signed in with another account.' })
    signed = output
  } else if (signMessage) {
    const message = new TextEncoder().encode(createSignInMessageText(input))
    const [output] = await walletCall(() => signMessage.signMessage({ account, message }))
    if (!output) throw new WalletConnectionError({ details: 'The wallet returned no signature.' })
    signed = output
  } else {
    throw new WalletConnectionError({ details: `${wallet.name} cannot sign messages.` })
  }
  if (signed.signature.length !== 64)
    throw new WalletConnectionError({ details: 'The wallet returned a signature that is not ed25519.' })
  return {
    message: new TextDecoder().decode(signed.signedMessage),
    signature: base64.encode(signed.signature),
  }
}
