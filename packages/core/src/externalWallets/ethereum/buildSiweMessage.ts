import { createSiweMessage } from 'viem/siwe'

/** The statement of Foyer's sign-in messages: one ASCII line, as ERC-4361 allows. */
export const SIGN_IN_STATEMENT =
  'By signing, you prove you own this wallet and sign in. This does not start a transaction or cost any fees.'

/** Parameters of {@link buildSiweMessage}. */
export type BuildSiweMessageParameters = {
  /** EIP-55 address: the one `siwe/init` answered. */
  address: `0x${string}`
  /** The wallet's EIP-155 chain id. */
  chainId: number
  /** The single-use nonce from `siwe/init`. */
  nonce: string
  /** RFC 3986 authority of the page: `location.host`. */
  domain: string
  /** The page's origin: `location.origin`. */
  uri: string
  /** Default: now. */
  issuedAt?: Date | undefined
}

/**
 * The ERC-4361 message Foyer asks an Ethereum wallet to sign (viem `createSiweMessage`): `domain` =
 * `location.host`, `uri` = `location.origin`, Version 1, the server's nonce, the wallet's chain id, the
 * {@link SIGN_IN_STATEMENT}, Issued At now, no scheme (ERC-4361; docs/security.md properties 39, 41).
 * Internal.
 *
 * @example buildSiweMessage({ address, chainId: 1, nonce, domain: location.host, uri: location.origin })
 */
export function buildSiweMessage(parameters: BuildSiweMessageParameters): string {
  return createSiweMessage({
    address: parameters.address,
    chainId: parameters.chainId,
    domain: parameters.domain,
    nonce: parameters.nonce,
    uri: parameters.uri,
    version: '1',
    statement: SIGN_IN_STATEMENT,
    issuedAt: parameters.issuedAt ?? new Date(),
  })
}
