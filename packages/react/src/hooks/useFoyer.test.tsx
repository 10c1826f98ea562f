import { cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createTestClient, TEST_APP_ID } from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { useFoyer } from './useFoyer'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useFoyer', () => {
  test('default', async () => {
    const { client, calls } = createTestClient()
    const { result } = renderHook(() => useFoyer(), {
      wrapper: ({ children }) => (
        <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
          {children}
        </FoyerProvider>
      ),
    })
    expect(result.current.ready).toBe(false)
    await waitFor(() => expect(result.current.ready).toBe(true))
    expect(result.current).toMatchObject({ authenticated: false, user: null })
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(`GET /api/v1/apps/${TEST_APP_ID}`)
    expect(await result.current.getAccessToken()).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('error: useFoyer outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useFoyer())).toThrow('useFoyer must be used within <FoyerProvider>.')
  })
})
