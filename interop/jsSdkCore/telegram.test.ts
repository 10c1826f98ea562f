import { createTelegramInitData, signTelegramLogin } from '@foyer/server/testing'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { telegram } = inject('interop')
let nextId = 880_000_000 + Math.floor(Math.random() * 1_000_000)

/** A Telegram user the widget would sign for the demo app's bot. */
function telegramAuthResult() {
  nextId += 1
  const fields = signTelegramLogin({
    botToken: telegram.botToken,
    user: { id: nextId, first_name: 'Interop', username: `interop${nextId}` },
  })
  return {
    id: nextId,
    result: fields as unknown as { id: number; first_name: string; auth_date: number; hash: string },
  }
}

describe('js-sdk-core: Telegram', () => {
  test('authenticate with the login widget result: a new user with the Telegram account', async () => {
    const client = await createClient()
    const { id, result } = telegramAuthResult()
    const session = await client.auth.telegram.authenticate({ telegramAuthResult: result })
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'telegram', telegram_user_id: String(id) }),
    )
  })

  test('authenticate with mini-app initData: a new user', async () => {
    const client = await createClient()
    nextId += 1
    const { webAppData } = createTelegramInitData({
      botToken: telegram.botToken,
      user: { id: nextId, first_name: 'Mini' },
    })
    // Parsed as the client's docs ask: each field decoded once, `auth_date` a number.
    const session = await client.auth.telegram.authenticate({
      telegramWebAppData: { ...webAppData, auth_date: Number(webAppData.auth_date) } as {
        auth_date: number
        hash: string
        user: string
      },
    })
    expect(session.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'telegram' }))
  })

  test('link + unlink: a signed-in user links a Telegram account and unlinks it', async () => {
    const { client } = await signedInClient('telegram')
    const { id, result } = telegramAuthResult()
    const linked = await client.auth.telegram.link({ telegramAuthResult: result })
    expect(linked.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'telegram' }))
    const { user } = await client.auth.telegram.unlink({ telegramUserId: String(id) })
    expect(user.linked_accounts.some((account) => account.type === 'telegram')).toBe(false)
  })
})
