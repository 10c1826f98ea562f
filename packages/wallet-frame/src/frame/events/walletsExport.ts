import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { deriveEthereumPrivateKey } from '../../keys/deriveEthereumPrivateKey'
import { mnemonicFromEntropy } from '../../keys/mnemonicFromEntropy'
import type { FrameEventHandler } from '../FrameEventHandler'
import { ethereumAccountAt } from '../steps/ethereumAccountAt'
import { solanaKeypairAt } from '../steps/solanaKeypairAt'
import { unlockEntropy } from '../steps/unlockEntropy'

/**
 * `privy:wallets:export` (export page only, `docs/frame-protocol.md#events`): after `beforeExport` allows
 * it, shows the key at `walletIndex` (and the phrase of a non-imported Ethereum wallet when
 * `phraseExport`; an imported key has no phrase) in the page's own DOM; only the address is posted back.
 */
export const walletsExport: FrameEventHandler<'privy:wallets:export'> = async (state, data) => {
  const { accessToken, chainType, entropyId } = data
  const { subject } = await state.verifyToken(accessToken)
  await state.beforeExport?.({ accessToken, chainType })
  const entry = await unlockEntropy(state, { accessToken, owner: subject, chainType, entropyId })
  if (!state.showExport) throw new FrameRequestError('error', 'Export is not available in this frame')
  if (chainType === 'ethereum') {
    const address = ethereumAccountAt(entry, data.walletIndex).address
    const privateKey = bytesToHex(
      entry.imported ? entry.entropy : deriveEthereumPrivateKey(entry.seed, data.walletIndex),
    )
    const mnemonic = data.phraseExport && !entry.imported ? mnemonicFromEntropy(entry.entropy) : null
    state.showExport({ chainType: 'ethereum', address, privateKey, mnemonic })
    return { address }
  }
  const keypair = solanaKeypairAt(entry, data.walletIndex)
  const secret = new Uint8Array(64)
  secret.set(keypair.secretKey, 0)
  secret.set(ed25519.getPublicKey(keypair.secretKey), 32)
  state.showExport({
    chainType: 'solana',
    address: keypair.address,
    privateKey: getBase58Decoder().decode(secret),
    mnemonic: null,
  })
  return { address: keypair.address }
}
