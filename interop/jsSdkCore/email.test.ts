import { describe, expect, inject, test } from 'vitest'
import { codeSentTo, freshEmail } from '../support/codes'
import { createClient } from '../support/createClient'

const { apiUrl } = inject('interop')

describe('js-sdk-core: email', () => {
  test('sendCode + loginWithCode: a new user with the email account and a session', async () => {
    const client = await createClient()
    const email = freshEmail()
    const code = await codeSentTo(apiUrl, email, () => client.auth.email.sendCode(email))
    const session = await client.auth.email.loginWithCode(email, code)
    expect(session.is_new_user).toBe(true)
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'email', address: email }),
    )
    expect(await client.getAccessToken()).toEqual(expect.any(String))
  })
})
