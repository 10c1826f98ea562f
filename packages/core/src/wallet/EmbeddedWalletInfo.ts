import type { ChainType, RecoveryMethod } from '@foyer/protocol'

/**
 * An embedded wallet of the signed-in user, as the client sees it (docs/wire.md "Embedded wallet"), read
 * from the user's `wallet` linked accounts with `wallet_client: 'privy'`.
 */
export type EmbeddedWalletInfo = {
  /** EIP-55 address (Ethereum) or base58 public key (Solana). */
  address: string
  chainType: ChainType
  /** HD index: 0 for the first wallet of a chain type. */
  walletIndex: number
  /** The index-0 address of the same chain type: names the entropy the wallet derives from. */
  entropyId: string
  /** `'privy'` (automatic), `'user-passcode'`, `'google-drive'` or `'icloud'`. */
  recoveryMethod: RecoveryMethod
  imported: boolean
  walletClientType: 'privy'
  /** `'embedded'`, or `'embedded_imported'` for an imported key. */
  connectorType: 'embedded' | 'embedded_imported'
}
