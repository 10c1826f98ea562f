import { Secret, TOTP } from 'otpauth'
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

  test('embeddedWallet.create: an Ethereum embedded wallet on the user', async () => {
    const { client } = await signedInClient('wallet')
    await attachWalletFrame(client)
    const { user } = await client.embeddedWallet.create({})
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', wallet_client_type: 'privy', chain_type: 'ethereum' }),
    )
  })
})
