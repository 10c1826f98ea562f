import { afterEach, describe, expect, test, vi } from 'vitest'
import { createTestApi, testApiUrl, testAppId } from '../../test/createTestApi'
import { loginWithEmailCode } from '../actions/email/loginWithEmailCode'
import { initialize } from '../actions/session/initialize'
import { logout } from '../actions/session/logout'
import { createFoyerClient } from '../client/createFoyerClient'
import type { FoyerClient } from '../client/FoyerClient'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import type { FoyerStorage } from '../storage/FoyerStorage'
import { announceSession } from './crossTabSession'

const tabs: FoyerClient[] = []

afterEach(() => {
  for (const tab of tabs.splice(0)) tab._internal.tasks.stopCrossTabSession?.()
})

/** Two tabs of one app on one origin: one storage, one server, a client each. */
async function twoTabs(options: { appIds?: [string, string] } = {}) {
  const api = createTestApi()
  const storage: FoyerStorage = createMemoryStorage()
  const [first, second] = (options.appIds ?? [testAppId, testAppId]).map((appId) =>
    createFoyerClient({ appId, apiUrl: testApiUrl, storage, fetch: api.fetch }),
  ) as [FoyerClient, FoyerClient]
  tabs.push(first, second)
  await Promise.all([initialize(first), initialize(second)])
  return { api, storage, first, second }
}

describe('cross-tab session', () => {
  test('default: a sign-in in one tab signs the other tab in', async () => {
    const { first, second } = await twoTabs()
    expect(second.getState().user).toBeNull()
    await loginWithEmailCode(first, { email: 'ada@example.com', code: '123456' })
    await vi.waitFor(() => expect(second.getState().user?.id).toBe(first.getState().user?.id), {
      timeout: 1000,
    })
    expect(second._internal.session.current().accessToken).toBe(first._internal.session.current().accessToken)
  })

  test('default: a logout in one tab logs the other tab out and drops its wallet frame', async () => {
    const { first, second } = await twoTabs()
    await loginWithEmailCode(first, { email: 'ada@example.com', code: '123456' })
    await vi.waitFor(() => expect(second.getState().user).not.toBeNull(), { timeout: 1000 })
    const destroy = vi.fn()
    second._internal.wallet.proxy = { destroy } as unknown as NonNullable<
      FoyerClient['_internal']['wallet']['proxy']
    >
    await logout(first)
    await vi.waitFor(() => expect(second.getState().user).toBeNull(), { timeout: 1000 })
    expect(second._internal.session.current()).toMatchObject({ accessToken: null, refreshToken: null })
    expect(destroy).toHaveBeenCalledOnce()
    expect(second._internal.wallet.proxy).toBeUndefined()
  })

  test('behavior: the tab that receives a logout does not echo it or call the server', async () => {
    const { api, first, second } = await twoTabs()
    await loginWithEmailCode(first, { email: 'ada@example.com', code: '123456' })
    await vi.waitFor(() => expect(second.getState().user).not.toBeNull(), { timeout: 1000 })
    await logout(first)
    await vi.waitFor(() => expect(second.getState().user).toBeNull(), { timeout: 1000 })
    expect(api.callsTo('POST /api/v1/sessions/logout')).toHaveLength(1)
  })

  test("behavior: another app's tabs are not affected", async () => {
    const { first, second } = await twoTabs({ appIds: [testAppId, 'otherapp00000000000000000'] })
    await loginWithEmailCode(first, { email: 'ada@example.com', code: '123456' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(second.getState().user).toBeNull()
  })

  test('error: a malformed message is ignored', async () => {
    const { first, second } = await twoTabs()
    await loginWithEmailCode(first, { email: 'ada@example.com', code: '123456' })
    await vi.waitFor(() => expect(second.getState().user).not.toBeNull(), { timeout: 1000 })
    announceSession(first, { type: 'signed-in' } as never)
    const raw = new BroadcastChannel(`foyer:session:${testAppId}`)
    raw.postMessage({ type: 'signed-off' })
    raw.postMessage(null)
    raw.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(second.getState().user).not.toBeNull()
  })
})
