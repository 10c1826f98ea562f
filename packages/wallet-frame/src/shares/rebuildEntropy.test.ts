import { describe, expect, test } from 'vitest'
import { deriveWalletAddress } from '../keys/deriveWalletAddress'
import { generateEntropy } from '../keys/generateEntropy'
import { mnemonicFromEntropy } from '../keys/mnemonicFromEntropy'
import { seedFromMnemonic } from '../keys/seedFromMnemonic'
import { AddressMismatchError, rebuildEntropy } from './rebuildEntropy'
import { splitEntropy } from './splitEntropy'

async function fixture(chainType: 'ethereum' | 'solana') {
  const entropy = generateEntropy()
  const entropyId = deriveWalletAddress(await seedFromMnemonic(mnemonicFromEntropy(entropy)), chainType, 0)
  return { entropy, entropyId, shares: await splitEntropy(entropy) }
}

describe('splitEntropy + rebuildEntropy', () => {
  test('default: any 2 of the 3 shares rebuild the entropy (both chain types)', async () => {
    for (const chainType of ['ethereum', 'solana'] as const) {
      const { entropy, entropyId, shares } = await fixture(chainType)
      const { deviceShare, authShare, recoveryShare } = shares
      expect(deviceShare).toHaveLength(17)
      for (const pair of [
        [deviceShare, authShare],
        [authShare, recoveryShare],
        [recoveryShare, deviceShare],
      ]) {
        const rebuilt = await rebuildEntropy({ shares: pair, chainType, entropyId })
        expect(rebuilt.entropy).toEqual(entropy)
        expect(deriveWalletAddress(rebuilt.seed, chainType, 0)).toBe(entropyId)
      }
    }
  })

  test('behavior: Ethereum entropy ids compare case-insensitively', async () => {
    const { entropyId, shares } = await fixture('ethereum')
    await expect(
      rebuildEntropy({
        shares: [shares.deviceShare, shares.authShare],
        chainType: 'ethereum',
        entropyId: entropyId.toLowerCase(),
      }),
    ).resolves.toBeDefined()
  })

  test('error: one share alone does not rebuild', async () => {
    const { entropyId, shares } = await fixture('ethereum')
    await expect(
      rebuildEntropy({ shares: [shares.authShare], chainType: 'ethereum', entropyId }),
    ).rejects.toThrow(AddressMismatchError)
  })

  test('error: a corrupted share is caught by the address check', async () => {
    const { entropyId, shares } = await fixture('solana')
    const corrupted = shares.deviceShare.slice()
    corrupted[3] = (corrupted[3] ?? 0) ^ 0x01
    await expect(
      rebuildEntropy({ shares: [corrupted, shares.authShare], chainType: 'solana', entropyId }),
    ).rejects.toThrow('The rebuilt wallet does not match the stored address')
  })

  test('error: shares of two different splits do not combine', async () => {
    const first = await fixture('ethereum')
    const second = await splitEntropy(first.entropy)
    await expect(
      rebuildEntropy({
        shares: [first.shares.deviceShare, second.authShare],
        chainType: 'ethereum',
        entropyId: first.entropyId,
      }),
    ).rejects.toThrow(AddressMismatchError)
  })
})
