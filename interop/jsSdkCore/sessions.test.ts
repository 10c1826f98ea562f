import { afterAll, describe, expect, test } from 'vitest'
import { attachWalletFrame, closeFrameBrowser } from '../support/frameBridge'
import { signedInClient } from '../support/signIn'

afterAll(closeFrameBrowser)

describe('js-sdk-core: sessions and user', () => {
  test('user.get rotates the session: a new access token for the same user', async () => {
    const { client } = await signedInClient('session')
    const before = await client.getAccessToken()
    const { user } = await client.user.get()
    expect(user.linked_accounts.length).toBeGreaterThan(0)
    const after = await client.getAccessToken()
    expect(after).toEqual(expect.any(String))
    expect(after).not.toBe(before)
  })

  test('user.refreshUser: the user without rotating', async () => {
    const { client } = await signedInClient('session')
    const { user } = await client.user.refreshUser()
    expect(user.id).toMatch(/\S/)
  })

  test('user.acceptTerms: has_accepted_terms becomes true', async () => {
    const { client } = await signedInClient('terms')
    const { user } = await client.user.acceptTerms()
    expect(user.has_accepted_terms).toBe(true)
  })

  test('getIdentityToken: an identity token after sign-in', async () => {
    const { client } = await signedInClient('identity')
    expect(await client.getIdentityToken()).toEqual(expect.any(String))
  })

  test('auth.logout: the tokens are gone and the session is revoked on the server', async () => {
    const { client } = await signedInClient('logout')
    // logout also clears the frame's MFA state (`privy:mfa:clear`): a client always has its frame.
    await attachWalletFrame(client)
    const { user } = await client.user.get()
    await client.auth.logout({ userId: user.id })
    expect(await client.getAccessToken()).toBeNull()
    await expect(client.user.get()).rejects.toThrow()
  })

  test('app.getConfig: the app config the client loaded on initialize', async () => {
    const { client } = await signedInClient('config')
    expect(client.app.getConfig()).toMatchObject({ id: client.app.appId })
  })
})
