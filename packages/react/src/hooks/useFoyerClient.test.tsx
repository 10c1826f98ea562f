import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createTestClient, TEST_APP_ID } from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { useFoyerClient } from './useFoyerClient'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useFoyerClient', () => {
  test("default: the provider's own client, the same object across renders", () => {
    const { client } = createTestClient()
    const { result, rerender } = renderHook(() => useFoyerClient(), {
      wrapper: ({ children }) => (
        <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
          {children}
        </FoyerProvider>
      ),
    })
    expect(result.current).toBe(client)
    rerender()
    expect(result.current).toBe(client)
  })

  test('error: outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useFoyerClient())).toThrow(
      'useFoyerClient must be used within <FoyerProvider>.',
    )
  })
})
