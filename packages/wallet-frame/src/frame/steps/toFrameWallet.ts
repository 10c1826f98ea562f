import type { EmbeddedWallet, FrameWallet } from '@foyer/protocol'

/**
 * The server's wallet record in the frame protocol's camelCase shape.
 *
 * @example return toFrameWallet(wallet)
 */
export function toFrameWallet(wallet: EmbeddedWallet): FrameWallet {
  return {
    address: wallet.address,
    chainType: wallet.chain_type,
    walletIndex: wallet.wallet_index,
    entropyId: wallet.entropy_id,
    entropyIdVerifier: wallet.entropy_id_verifier,
    recoveryMethod: wallet.recovery_method,
    imported: wallet.imported,
  }
}
