import { createHash, createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTelegramWidgetStandIn, type TelegramWidgetStandIn } from './startTelegramWidgetStandIn'

const token = '7000000009:AAEstandINtestTOKEN-0000000000000009'
let standIn: TelegramWidgetStandIn

beforeAll(async () => {
  standIn = await startTelegramWidgetStandIn({
    bots: [{ name: 'stand_in_bot', token }],
    now: () => 1_900_000_000_000,
  })
})
afterAll(async () => {
  await standIn?.close()
})

const sign = (body: unknown) =>
  fetch(`${standIn.url}/auth/sign`, { method: 'POST', body: JSON.stringify(body) })

describe('telegram widget stand-in', () => {
  test('default: signs the user for the bot as Telegram does (HMAC-SHA-256 keyed by SHA-256(token))', async () => {
    const response = await sign({
      bot_name: 'stand_in_bot',
      user: { id: 7, first_name: 'Ada', username: 'ada' },
    })
    expect(response.status).toBe(200)
    const result = (await response.json()) as Record<string, string | number>
    expect(result).toMatchObject({ id: 7, first_name: 'Ada', username: 'ada', auth_date: 1_900_000_000 })
    const check = `auth_date=1900000000\nfirst_name=Ada\nid=7\nusername=ada`
    const key = createHash('sha256').update(token).digest()
    expect(result.hash).toBe(createHmac('sha256', key).update(check).digest('hex'))
    expect(standIn.signed()).toBe(1)
  })

  test('default: serves the widget script and the confirmation page with the current user', async () => {
    const script = await fetch(standIn.scriptUrl)
    expect(script.headers.get('content-type')).toContain('javascript')
    expect(await script.text()).toContain('data-telegram-login')
    standIn.setUser({ id: 99, first_name: 'Grace' })
    const page = await fetch(
      `${standIn.url}/auth?bot_name=stand_in_bot&origin=${encodeURIComponent('http://localhost:5173/x')}`,
    )
    const html = await page.text()
    expect(html).toContain('Log in to http://localhost:5173')
    expect(html).toContain('value="Grace"')
  })

  test("Telegram.Login.auth: the confirmation page found by the bot's id (the token's part before ':')", async () => {
    expect(await (await fetch(standIn.scriptUrl)).text()).toContain('window.Telegram.Login.auth = function')
    const origin = encodeURIComponent('http://localhost:5173')
    const page = await fetch(`${standIn.url}/auth?bot_id=7000000009&origin=${origin}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Log in to http://localhost:5173')
    expect((await fetch(`${standIn.url}/auth?bot_id=7000000008&origin=${origin}`)).status).toBe(400)
  })

  test('default: hands out mini-app initData for the current user, signed with the WebAppData key', async () => {
    standIn.setUser({ id: 77, first_name: 'Lin' })
    const response = await fetch(`${standIn.url}/webapp/init-data?bot_name=stand_in_bot`)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const fields = Object.fromEntries(
      new URLSearchParams(((await response.json()) as { initData: string }).initData),
    )
    expect(JSON.parse(fields.user ?? '{}')).toMatchObject({ id: 77, first_name: 'Lin' })
    const { hash, ...rest } = fields
    const check = Object.keys(rest)
      .sort()
      .map((key) => `${key}=${rest[key]}`)
      .join('\n')
    const key = createHmac('sha256', 'WebAppData').update(token).digest()
    expect(hash).toBe(createHmac('sha256', key).update(check).digest('hex'))
    expect((await fetch(`${standIn.url}/webapp/init-data?bot_name=nobody`)).status).toBe(404)
  })

  test('error: an unknown bot or a malformed user is refused', async () => {
    expect((await sign({ bot_name: 'other_bot', user: { id: 7, first_name: 'Ada' } })).status).toBe(404)
    expect((await sign({ bot_name: 'stand_in_bot', user: { id: 0, first_name: 'Ada' } })).status).toBe(400)
    expect((await sign({ bot_name: 'stand_in_bot', user: { id: 7 } })).status).toBe(400)
    expect((await fetch(`${standIn.url}/auth?bot_name=other_bot&origin=http://x`)).status).toBe(400)
  })
})
