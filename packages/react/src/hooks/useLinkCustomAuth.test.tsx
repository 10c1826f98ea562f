import type { User } from '@foyer/protocol'
import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, type TestRoutes, testUser } from '../../test/createTestClient'
import { renderHookInProvider, signInWithTestCode } from '../../test/renderInProvider'
import { useLinkCustomAuth } from './useLinkCustomAuth'

afterEach(cleanup)

const linkedAt = 1_700_000_000
const withHostIdentity: User = {
  ...testUser,
  linked_accounts: [
    ...testUser.linked_accounts,
    {
      type: 'custom_auth',
      custom_user_id: 'host-user-7',
      verified_at: linkedAt,
      first_verified_at: linkedAt,
      latest_verified_at: linkedAt,
    },
  ],
}

async function setup(routes: TestRoutes | Parameters<typeof createTestClient>[0] = {}) {
  const { client, calls } = createTestClient(routes)
  const { result } = await renderHookInProvider(client, () => useLinkCustomAuth())
  await signInWithTestCode(client)
  return { result, calls, client }
}

describe('useLinkCustomAuth', () => {
  test('default: links the host token and the provider holds the user with its custom_auth account', async () => {
    const { result, calls, client } = await setup((api) => ({
      'POST /api/v1/custom_jwt_account/link': () => {
        api.setUser(withHostIdentity)
        return { status: 200, body: withHostIdentity }
      },
    }))
    let linked: User | undefined
    await act(async () => {
      linked = await result.current.linkCustomAccessToken('host.jwt.token')
    })
    expect(calls.find((call) => call.path === '/api/v1/custom_jwt_account/link')?.body).toEqual({
      token: 'host.jwt.token',
    })
    expect(linked?.linked_accounts).toContainEqual(expect.objectContaining({ type: 'custom_auth' }))
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'host-user-7' }),
    )
    expect(result.current.busy).toBe(false)
    expect(result.current.error).toBeNull()
  })

  test('error: an identity held by another user keeps the documented text (docs/errors.md)', async () => {
    const { result, client } = await setup({
      'POST /api/v1/custom_jwt_account/link': () => ({
        status: 400,
        body: { error: 'Linked elsewhere', code: 'linked_to_another_user' },
      }),
    })
    await act(() => result.current.linkCustomAccessToken('host.jwt.token').catch(() => {}))
    expect(result.current.error).toEqual({
      code: 'linked_to_another_user',
      message: 'This account has already been linked to another user.',
    })
    expect(client.getState().user?.linked_accounts).not.toContainEqual(
      expect.objectContaining({ type: 'custom_auth' }),
    )
  })
})
