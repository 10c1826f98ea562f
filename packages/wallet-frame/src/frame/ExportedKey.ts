import type { ChainType } from '@foyer/protocol'

/** What the export page displays, inside the frame only (never posted). */
export type ExportedKey = {
  chainType: ChainType
  address: string
  /** Ethereum: 0x-hex secp256k1 key; Solana: base58 of the 64-byte secret key (seed ‖ public key, Phantom's format). */
  privateKey: string
  /** The BIP39 phrase; only for non-imported Ethereum wallets when asked. */
  mnemonic: string | null
}
