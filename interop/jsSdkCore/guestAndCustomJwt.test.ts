import { describe, expect, inject, test } from 'vitest'
import { codeSentTo, freshEmail } from '../support/codes'
import { createClient } from '../support/createClient'
import { hostToken } from '../support/hostToken'
import { signedInClient } from '../support/signIn'

const { apiUrl } = inject('interop')

describe('js-sdk-core: guest', () => {
  test('guest.create: a guest user with a session', async () => {
    const client = await createClient()
    const session = await client.auth.guest.create()
    expect(session.user.is_guest).toBe(true)
    expect(await client.getAccessToken()).toEqual(expect.any(String))
  })

  test('a guest links an email: no longer a guest, same user, still signed in', async () => {
    const client = await createClient()
    const { user: guest } = await client.auth.guest.create()
    const email = freshEmail('guest')
    const code = await codeSentTo(apiUrl, email, () => client.auth.email.sendCode(email))
    const { user } = await client.auth.email.linkWithCode(email, code)
    expect(user).toMatchObject({ id: guest.id, is_guest: false })
    expect((await client.user.get()).user.id).toBe(guest.id)
  })
})

describe('js-sdk-core: custom JWT', () => {
  test('customProvider.syncWithToken: a new user with the custom_auth account', async () => {
    const client = await createClient()
    const subject = `host-user-${Date.now()}`
    const session = await client.auth.customProvider.syncWithToken(hostToken(subject))
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'custom_auth', custom_user_id: subject }),
    )
  })

  test('customProvider.linkWithToken: a signed-in user links the host identity', async () => {
    const { client } = await signedInClient('customjwt')
    const subject = `host-link-${Date.now()}`
    const { user } = await client.auth.customProvider.linkWithToken(hostToken(subject))
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'custom_auth', custom_user_id: subject }),
    )
  })
})
