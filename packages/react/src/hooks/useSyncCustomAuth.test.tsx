import type { CustomAuthParameters } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, TEST_APP_ID, testAuthResponse, testUser } from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { useFoyer } from './useFoyer'

afterEach(() => {
  cleanup()
})

const authResponse = (user: User) => ({ status: 200, body: testAuthResponse({ user }) })

describe('FoyerProvider config.customAuth', () => {
  test('default: signs in while the host has a token, logs out when it has none', async () => {
    const { client, calls } = createTestClient({
      'POST /api/v1/custom_jwt_account/authenticate': () => authResponse(testUser),
    })
    let host: { token: string | undefined; isLoading: boolean } = { token: undefined, isLoading: true }
    const { result, rerender } = renderHook(() => useFoyer(), {
      wrapper: ({ children }) => {
        const { token, isLoading } = host
        const customAuth: CustomAuthParameters = { getCustomAccessToken: async () => token, isLoading }
        return (
          <FoyerProvider
            appId={TEST_APP_ID}
            apiUrl="http://foyer.test"
            client={client}
            config={{ customAuth }}
          >
            {children}
          </FoyerProvider>
        )
      },
    })
    await waitFor(() => expect(result.current.ready).toBe(true))
    expect(calls.some((call) => call.path === '/api/v1/custom_jwt_account/authenticate')).toBe(false)

    host = { token: 'host.jwt.token', isLoading: false }
    rerender()
    await waitFor(() => expect(result.current.authenticated).toBe(true))
    expect(calls.find((call) => call.path === '/api/v1/custom_jwt_account/authenticate')?.body).toEqual({
      token: 'host.jwt.token',
    })

    host = { token: undefined, isLoading: false }
    rerender()
    await waitFor(() => expect(result.current.authenticated).toBe(false))
    expect(calls.some((call) => call.path === '/api/v1/sessions/logout')).toBe(true)
  })

  test('behavior: useFoyer().loginAsGuest signs in a guest', async () => {
    const { client, calls } = createTestClient({
      'POST /api/v1/guest/authenticate': () => authResponse({ ...testUser, is_guest: true }),
    })
    const { result } = renderHook(() => useFoyer(), {
      wrapper: ({ children }) => (
        <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
          {children}
        </FoyerProvider>
      ),
    })
    await waitFor(() => expect(result.current.ready).toBe(true))
    const user = await result.current.loginAsGuest()
    expect(user.is_guest).toBe(true)
    await waitFor(() => expect(result.current.authenticated).toBe(true))
    const body = calls.find((call) => call.path === '/api/v1/guest/authenticate')?.body as {
      guest_credential: string
    }
    expect(body.guest_credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
