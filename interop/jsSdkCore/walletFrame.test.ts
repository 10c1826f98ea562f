import { Secret, TOTP } from 'otpauth'
import { toHex, verifyMessage } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { attachWalletFrame, closeFrameBrowser } from '../support/frameBridge'
import { signedInClient } from '../support/signIn'

afterAll(closeFrameBrowser)

describe('js-sdk-core: wallet frame calls (Foyer frame in Chromium, the client in Node)', () => {
  test('mfa.initEnrollMfa + submitEnrollMfa (TOTP): the user has TOTP as a factor', async () => {
    const { client } = await signedInClient('totp')
    await attachWalletFrame(client)
    const init = (await client.mfa.initEnrollMfa({ method: 'totp' })) as { secret?: string }
    expect(init.secret).toEqual(expect.any(String))
    const totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(init.secret!),
    })
    await client.mfa.submitEnrollMfa({ method: 'totp', code: totp.generate() })
    const { user } = await client.user.get()
    expect(user.mfa_methods).toContainEqual(expect.objectContaining({ type: 'totp' }))
  })

  // The core client asks for the code through its MFA promises: `mfaRequired`, then the app resolves
  // `mfaPromises.rootPromise` with the method and code, and the frame verifies it.
  test('mfa.verifyMfa: the app answers mfaRequired with a TOTP code, the frame verifies it', async () => {
    const { client } = await signedInClient('verify')
    await attachWalletFrame(client)
    const init = (await client.mfa.initEnrollMfa({ method: 'totp' })) as { secret?: string }
    const totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(init.secret!),
    })
    await client.mfa.submitEnrollMfa({ method: 'totp', code: totp.generate() })
    let asked = 0
    // The client emits `mfaRequired` just before it sets `rootPromise.current`: answer on the next turn.
    client.mfaPromises.on('mfaRequired', () => {
      asked += 1
      setTimeout(() =>
        // The next step's code: the enrolment's code is spent.
        client.mfaPromises.rootPromise.current?.resolve({
          mfaMethod: 'totp',
          mfaCode: totp.generate({ timestamp: Date.now() + 30_000 }),
          relyingParty: 'http://localhost:5173',
        }),
      )
    })
    await expect(client.mfa.verifyMfa()).resolves.toEqual(expect.objectContaining({ method: 'totp' }))
    expect(asked).toBe(1)
  })

  test('embeddedWallet.create: an Ethereum embedded wallet on the user', async () => {
    const { client } = await signedInClient('wallet')
    await attachWalletFrame(client)
    const { user } = await client.embeddedWallet.create({})
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', wallet_client_type: 'privy', chain_type: 'ethereum' }),
    )
  })

  test('embeddedWallet.getEthereumProvider: personal_sign in the frame, the signature verifies', async () => {
    const { client } = await signedInClient('provider')
    await attachWalletFrame(client)
    const { user } = await client.embeddedWallet.create({})
    const wallet = user.linked_accounts.find(
      (account) => account.type === 'wallet' && account.wallet_client_type === 'privy',
    ) as Parameters<typeof client.embeddedWallet.getEthereumProvider>[0]['wallet']
    const provider = await client.embeddedWallet.getEthereumProvider({
      wallet,
      entropyId: wallet.address,
      entropyIdVerifier: 'ethereum-address-verifier',
    })
    const address = wallet.address as `0x${string}`
    const message = 'Hello from js-sdk-core'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [toHex(message), address],
    })) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })
})
