import type { ChainType } from '@foyer/protocol'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { importedEthereumAccount, importedSolanaKeypair } from '../../keys/importedKeyAccounts'
import { parseImportedKey } from '../../keys/parseImportedKey'
import { proveAddressOf } from '../../keys/proveWalletAddress'
import type { FrameEventHandler } from '../FrameEventHandler'
import { storeNewEntropy } from '../steps/storeNewEntropy'

/**
 * `privy:wallets:import` (import page only, `docs/frame-protocol.md#events`;
 * docs/embedded-wallets.md#imported-keys): asks the user for the key in the page's own form
 * (`parseImportedKey`), proves its address at index 0 (`docs/security.md#wallet-addresses`), splits the 32
 * key bytes 2-of-3 as a generated entropy is split (the recovery share encrypted for automatic recovery or
 * under the password) and stores them with `POST /api/v1/embedded_wallets/import` (`storeNewEntropy`), which
 * keeps the device share and the key unlocked. The key is never posted: the reply is the frame wallet.
 */
export const walletsImport: FrameEventHandler<'privy:wallets:import'> = async (state, data) => {
  const { chainType } = data
  const { subject } = await state.verifyToken(data.accessToken)
  if (!state.askImportKey) throw new FrameRequestError('error', 'Import is not available in this frame')
  const key = await state.askImportKey({ chainType, parse: (text) => parseImportedKey(chainType, text) })
  const proof = await proveImportedAddress(key, { appId: state.appId, userId: subject, chainType })
  // An imported key is its own seed: its one wallet is the key itself.
  return storeNewEntropy(state, { ...data, owner: subject, origin: 'import', entropy: key, seed: key, proof })
}

/** The imported key's address and its own signature over the address proof at index 0. */
function proveImportedAddress(
  key: Uint8Array,
  parameters: { appId: string; userId: string; chainType: ChainType },
): Promise<{ address: string; signature: string }> {
  return proveAddressOf({
    appId: parameters.appId,
    userId: parameters.userId,
    walletIndex: 0,
    key:
      parameters.chainType === 'ethereum'
        ? { chainType: 'ethereum', account: importedEthereumAccount(key) }
        : { chainType: 'solana', keypair: importedSolanaKeypair(key) },
  })
}
