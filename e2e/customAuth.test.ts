import { DEMO_APP_ID } from '@foyer/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

useSharedStack()
useBrowser({ page: 'file' })
/** This file's own copy of the demo app (the stack is shared), with the host's JWTs accepted. */
let appId: string

beforeAll(async () => {
  // The demo back end is the host's identity provider: the app pins its JWKS URL.
  const app = await stack.createApp({
    name: 'Custom Auth Demo',
    copyOf: DEMO_APP_ID,
    settings: {
      custom_jwt_auth: {
        enabled: true,
        issuer: 'foyer-demo-host',
        audience: 'foyer-demo',
        jwks_url: new URL('/api/host/jwks.json', stack.demoUrl).href,
      },
    },
  })
  appId = app.id
})

describe('customAuth', () => {
  test('default: the SDK follows the host: signed in with a custom account, logged out with the host', async () => {
    await openDemo(page, `${stack.demoUrl}?customAuth=1&appId=${appId}`)
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
    // The host's own login is the only way in: no Foyer 'Log in' and no guest button.
    await page.getByTestId('host-login-hint').waitFor()
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Continue as guest' }).count()).toBe(0)

    await page.getByLabel('Host user name').fill('alice')
    await page.getByRole('button', { name: 'Host sign in' }).click()
    await expect.poll(() => page.getByTestId('host-user').textContent()).toBe('alice')
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}') as {
      linked_accounts: Array<{ type: string; custom_user_id?: string }>
    }
    expect(user.linked_accounts.find((account) => account.type === 'custom_auth')).toMatchObject({
      custom_user_id: 'alice',
    })
    expect(await page.getByTestId('user-email').textContent()).toBe('alice (host login)')

    await page.getByRole('button', { name: 'Host sign out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    expect(await page.evaluate((id) => localStorage.getItem(`foyer:${id}:refresh_token`), appId)).toBeNull()
  })
})
