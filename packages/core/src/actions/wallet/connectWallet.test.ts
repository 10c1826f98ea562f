import { describe, expect, test } from 'vitest'
import { testUser } from '../../../test/createTestApi'
import {
  createWalletTestClient,
  ethereumAddress,
  frameError,
  walletAccount,
  walletUser,
} from '../../../test/createWalletTestClient'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import { connectWallet } from './connectWallet'

const passwordUser = { ...testUser, linked_accounts: [walletAccount({ recovery_method: 'user-passcode' })] }

describe('connectWallet', () => {
  test('default: one connect per entropy', async () => {
    const { client, requests } = await createWalletTestClient()
    const [wallet] = getEmbeddedWallets(walletUser, 'ethereum')
    await Promise.all([
      connectWallet(client, { wallet: wallet! }),
      connectWallet(client, { wallet: wallet! }),
    ])
    expect(requests).toEqual([
      {
        event: 'privy:wallets:connect',
        data: expect.objectContaining({ chainType: 'ethereum', entropyId: ethereumAddress }),
      },
    ])
  })

  test("behavior: without a device share, 'Enter your password' recovers; a wrong password can be retried", async () => {
    const { client, requests } = await createWalletTestClient({
      user: passwordUser,
      answer: ({ event, data }) => {
        if (event === 'privy:wallets:connect') throw frameError('wallet_not_on_device', 'No device share')
        if (data.recoveryPassword !== 'right-password') {
          throw frameError('invalid_recovery_pin', 'Invalid recovery password, please try again.')
        }
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'user-passcode' }
      },
    })
    const outcomes: string[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        if (prompt.kind !== 'recoverWithPassword') throw new Error('unexpected prompt')
        await prompt.recover('wrong-password').catch((error) => outcomes.push(error.code))
        await prompt.recover('right-password')
        return undefined as never
      },
    }
    const [wallet] = getEmbeddedWallets(passwordUser, 'ethereum')
    await connectWallet(client, { wallet: wallet! })
    expect(outcomes).toEqual(['invalid_recovery_pin'])
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:wallets:recover',
      'privy:wallets:recover',
    ])
    // Unlocked now: no second connect.
    await connectWallet(client, { wallet: wallet! })
    expect(requests).toHaveLength(3)
  })

  test('error: without a UI the frame error stays, and a later call tries again', async () => {
    const { client, requests } = await createWalletTestClient({
      user: passwordUser,
      answer: () => {
        throw frameError('wallet_not_on_device', 'No device share')
      },
    })
    const [wallet] = getEmbeddedWallets(passwordUser, 'ethereum')
    await expect(connectWallet(client, { wallet: wallet! })).rejects.toMatchObject({
      code: 'wallet_not_on_device',
    })
    await expect(connectWallet(client, { wallet: wallet! })).rejects.toMatchObject({
      code: 'wallet_not_on_device',
    })
    expect(requests).toHaveLength(2)
  })
})
