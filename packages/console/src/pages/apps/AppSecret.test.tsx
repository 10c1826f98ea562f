// The app-secret section (docs/server-api.md#app-secrets) against a scripted console API: the value is shown
// once and copied, rotation and revocation go through their confirmation dialogs, and a failure stays there.
import type { ConsoleAppSecret } from '@foyer/protocol/console'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { ConsoleApiContext } from '../../api/ConsoleApiContext'
import { ConsoleApiError } from '../../api/ConsoleApiError'
import type { ConsoleApi } from '../../api/consoleApi'
import { AppSecret, handOverNewSecret } from './AppSecret'

afterEach(cleanup)

const APP_ID = 'consolesecrettest00000000'
const SECRET = `foyer_secret_${'a'.repeat(43)}`
const ROTATED = `foyer_secret_${'b'.repeat(43)}`
const current: ConsoleAppSecret = { id: 'c'.repeat(25), created_at: 1_700_000_000, expires_at: null }
const previous: ConsoleAppSecret = {
  id: 'p'.repeat(25),
  created_at: 1_600_000_000,
  expires_at: 1_700_086_400,
}

/** A console API keeping the app's live secrets in `live`; `failRevoke` makes the revocation fail once. */
function secretsApi(live: ConsoleAppSecret[], options: { failRevoke?: boolean } = {}) {
  const calls: string[] = []
  const api = {
    get: async (path, schema) => {
      calls.push(`GET ${path}`)
      return schema.parse({ secrets: live })
    },
    send: async (method, path, _body, schema) => {
      calls.push(`${method} ${path}`)
      if (path.endsWith('/rotate_secret')) {
        live = [
          { ...current, id: 'n'.repeat(25) },
          ...live.map((secret) => ({ ...secret, expires_at: 1_700_086_400 })),
        ]
        return schema.parse({ app_secret: ROTATED, secrets: live })
      }
      if (options.failRevoke) {
        options.failRevoke = false
        throw new ConsoleApiError({ status: 503, code: 'unavailable', serverMessage: 'Try again later' })
      }
      live = live.filter((secret) => secret.expires_at === null)
      return schema.parse({ secrets: live })
    },
    getText: async () => '',
  } as ConsoleApi
  return { api, calls }
}

const renderSection = (api: ConsoleApi) =>
  render(
    <ConsoleApiContext.Provider value={{ api, operator: { userId: 'op', email: 'ops@console.test' } }}>
      <AppSecret appId={APP_ID} />
    </ConsoleApiContext.Provider>,
  )

describe('AppSecret', () => {
  test("default: the new app's secret is shown once, copied with the focused button, and gone after a remount", async () => {
    const user = userEvent.setup()
    handOverNewSecret(APP_ID, SECRET)
    const { api } = secretsApi([current])
    const first = renderSection(api)
    expect(screen.getByTestId('app-secret-value').textContent).toBe(SECRET)
    expect(screen.getByText(/it is shown only once/)).toBeTruthy()
    const copy = screen.getByRole('button', { name: 'Copy secret' })
    expect(document.activeElement).toBe(copy)
    await user.click(copy)
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    await screen.findByText(/\(current\)/)
    first.unmount()

    renderSection(api)
    await screen.findByText(/\(current\)/)
    expect(screen.queryByTestId('app-secret-value')).toBeNull()
  })

  test('behavior: rotating asks first, then shows the new secret once and lists the previous one', async () => {
    const user = userEvent.setup()
    const { api, calls } = secretsApi([current])
    renderSection(api)
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }))
    const dialog = screen.getByRole('dialog', { name: 'Rotate the app secret?' })
    expect(within(dialog).getByText(/keeps working for 24 hours/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }))
    expect((await screen.findByTestId('app-secret-value')).textContent).toBe(ROTATED)
    expect(calls).toContain(`POST /api/v1/console/apps/${APP_ID}/rotate_secret`)
    const list = screen.getByRole('list', { name: 'Live secrets' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => /current|previous/.exec(item.textContent ?? '')?.[0]),
    ).toEqual(['current', 'previous'])
    await user.click(screen.getByRole('button', { name: 'I have saved it' }))
    expect(screen.queryByTestId('app-secret-value')).toBeNull()
  })

  test('error: a failed revocation stays in its dialog; Escape closes it; a retry revokes', async () => {
    const user = userEvent.setup()
    const { api, calls } = secretsApi([current, previous], { failRevoke: true })
    renderSection(api)
    await user.click(await screen.findByRole('button', { name: 'Revoke previous secrets' }))
    let dialog = screen.getByRole('dialog', { name: 'Revoke previous secrets?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Try again later')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Revoke previous secrets' }))
    dialog = screen.getByRole('dialog', { name: 'Revoke previous secrets?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke previous secrets' })).toBeNull())
    expect(calls.filter((call) => call.endsWith('/revoke_previous_secrets'))).toHaveLength(2)
    expect(screen.getAllByText(/\(current\)/)).toHaveLength(1)
  })

  test('default: an app without a secret offers to create one', async () => {
    const { api } = secretsApi([])
    renderSection(api)
    expect(await screen.findByText(/has no secret yet/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create secret' })).toBeTruthy()
  })
})
