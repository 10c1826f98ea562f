import { describe, expect, inject, test } from 'vitest'
import { codeSentTo, freshPhone } from '../support/codes'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { apiUrl } = inject('interop')

describe('js-sdk-core: SMS', () => {
  test('sendCode + loginWithCode: a new user with the phone account', async () => {
    const client = await createClient()
    const phone = freshPhone()
    const code = await codeSentTo(apiUrl, phone, () => client.auth.phone.sendCode(phone))
    const session = await client.auth.phone.loginWithCode(phone, code)
    expect(session.is_new_user).toBe(true)
    expect(session.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'phone' }))
  })

  test('linkWithCode, updatePhone, unlink: the signed-in user keeps the session throughout', async () => {
    const { client } = await signedInClient('sms')
    const phone = freshPhone()
    const linkCode = await codeSentTo(apiUrl, phone, () => client.auth.phone.sendCode(phone))
    const linked = await client.auth.phone.linkWithCode(phone, linkCode)
    expect(linked.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'phone' }))

    const next = freshPhone()
    const updateCode = await codeSentTo(apiUrl, next, () => client.auth.phone.sendCode(next))
    const updated = await client.auth.phone.updatePhone({
      oldPhoneNumber: phone,
      newPhoneNumber: next,
      code: updateCode,
    })
    const phones = updated.user.linked_accounts.filter((account) => account.type === 'phone')
    expect(phones).toHaveLength(1)

    const { user } = await client.auth.phone.unlink(next)
    expect(user.linked_accounts.some((account) => account.type === 'phone')).toBe(false)
  })
})
