import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { rotateAppSecret } from './appSecrets'

// The default features: the server API without the operator console.
const t = useTestContext()

describe('the server API without the console', () => {
  it('default: an app secret issued outside the console authenticates; an app without one is refused', async () => {
    const auth = await t.signIn('backend@example.com')
    const url = `/api/v1/users/${auth.user.id}`
    const call = (secret: string) =>
      t.request({
        method: 'GET',
        url,
        appId: t.demoApp.id,
        headers: { authorization: `Basic ${Buffer.from(`${t.demoApp.id}:${secret}`).toString('base64')}` },
      })
    const before = await call('foyer_secret_none')
    expect([before.statusCode, before.json().code]).toEqual([401, 'invalid_credentials'])

    const secret = await rotateAppSecret(t, t.demoApp.id)
    expect(secret).toMatch(/^foyer_secret_/)
    const answer = await call(secret ?? '')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ id: auth.user.id })
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/console/apps', appId: t.demoApp.id })).statusCode,
    ).toBe(404)
  })
})
