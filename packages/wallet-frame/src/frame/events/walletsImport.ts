import type { ChainType } from '@foyer/protocol'
import { encryptRecoveryShare } from '../../crypto/encryptRecoveryShare'
import { toBase64 } from '../../encoding/toBase64'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { importedEthereumAccount, importedSolanaKeypair } from '../../keys/importedKeyAccounts'
import { parseImportedKey } from '../../keys/parseImportedKey'
import { proveAddressOf } from '../../keys/proveWalletAddress'
import { splitEntropy } from '../../shares/splitEntropy'
import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'
import { rememberEntropy } from '../steps/rememberEntropy'
import { shareKey } from '../steps/shareKey'
import { toFrameWallet } from '../steps/toFrameWallet'

/**
 * `privy:wallets:import` (import page only, `docs/frame-protocol.md#events`;
 * docs/embedded-wallets.md#imported-keys): asks the user for the key in the page's own form
 * (`parseImportedKey`), proves its address at index 0 (`docs/security.md#wallet-addresses`), splits the 32
 * key bytes 2-of-3 as a generated entropy is split (the recovery share encrypted for automatic recovery or
 * under the password), stores them with `POST /api/v1/embedded_wallets/import`, then keeps the device share
 * and the key unlocked. The key is never posted: the reply is the frame wallet.
 */
export const walletsImport: FrameEventHandler<'privy:wallets:import'> = async (state, data) => {
  const { accessToken, chainType, recoveryPassword } = data
  const { subject } = await state.verifyToken(accessToken)
  if (!state.askImportKey) throw new FrameRequestError('error', 'Import is not available in this frame')
  const key = await state.askImportKey({ chainType, parse: (text) => parseImportedKey(chainType, text) })
  const { address, signature } = await proveImportedAddress(key, {
    appId: state.appId,
    userId: subject,
    chainType,
  })
  const method = data.recoveryMethod ?? (recoveryPassword === undefined ? 'privy' : 'user-passcode')
  const shares = await splitEntropy(key)
  const recovery = await encryptRecoveryShare(
    method === 'privy'
      ? { recoveryShare: shares.recoveryShare, chainType, entropyId: address, recoveryMethod: 'privy' }
      : {
          recoveryShare: shares.recoveryShare,
          chainType,
          entropyId: address,
          recoveryMethod: 'user-passcode',
          password: recoveryPassword ?? '',
        },
  )
  const { wallet } = await callApi(() =>
    state.api.importWallet(accessToken, {
      chain_type: chainType,
      address,
      auth_share: toBase64(shares.authShare),
      recovery,
      address_signature: signature,
    }),
  )
  await state.deviceShares.set(shareKey(state.appId, chainType, address), shares.deviceShare)
  rememberEntropy(state, {
    owner: subject,
    chainType,
    entropyId: wallet.entropy_id,
    recoveryMethod: wallet.recovery_method,
    imported: true,
    entropy: key,
    seed: key,
  })
  return toFrameWallet(wallet)
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
