import { describe, expect, inject, test } from 'vitest'
import { codeSentTo, freshEmail } from '../support/codes'
import { createClient } from '../support/createClient'
import { signedInByPhone, signedInClient } from '../support/signIn'

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

  test('linkWithCode: a phone-first user links an email and stays signed in', async () => {
    const { client } = await signedInByPhone()
    const email = freshEmail('linked')
    const code = await codeSentTo(apiUrl, email, () => client.auth.email.sendCode(email))
    const { user } = await client.auth.email.linkWithCode(email, code)
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'email', address: email }))
    // The session the client holds still refreshes after the link.
    const { user: again } = await client.user.get()
    expect(again.id).toBe(user.id)
  })

  test('updateEmail: the old address is replaced by the new one', async () => {
    const { client, email } = await signedInClient()
    const next = freshEmail('updated')
    const code = await codeSentTo(apiUrl, next, () => client.auth.email.sendCode(next))
    const { user } = await client.auth.email.updateEmail({
      oldEmailAddress: email,
      newEmailAddress: next,
      code,
    })
    const emails = user.linked_accounts.flatMap((account) =>
      account.type === 'email' ? [account.address] : [],
    )
    expect(emails).toEqual([next])
  })

  test('unlink: a linked email is removed', async () => {
    const { client } = await signedInByPhone()
    const second = freshEmail('second')
    const code = await codeSentTo(apiUrl, second, () => client.auth.email.sendCode(second))
    await client.auth.email.linkWithCode(second, code)
    const { user } = await client.auth.email.unlink(second)
    expect(user.linked_accounts).not.toContainEqual(expect.objectContaining({ address: second }))
  })
})
