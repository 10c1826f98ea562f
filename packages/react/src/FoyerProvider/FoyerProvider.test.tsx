import { getAccessToken as getAccessTokenOf, InvalidAppIdError } from '@foyer/core'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { TEST_CODE } from '../../test/createTestClient'
import { renderFoyerAndOpen, submitEmail } from '../../test/renderFoyer'
import { FoyerProvider } from './FoyerProvider'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('FoyerProvider', () => {
  test('default', async () => {
    await renderFoyerAndOpen()
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
    expect(screen.getByTestId('host-status').textContent).toBe('signed out')
  })

  test('error: rejects a 24-character app id with the neutral message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let caught: unknown
    try {
      render(<FoyerProvider appId={'a'.repeat(24)} apiUrl="http://foyer.test" />)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InvalidAppIdError)
    expect((caught as InvalidAppIdError).code).toBe('invalid_app_id')
    expect((caught as Error).message).toBe(
      'Cannot initialize the Foyer provider with an invalid Foyer app ID',
    )
    expect((caught as Error).message).not.toMatch(/privy/i)
  })

  test('behavior: sign in, token, log out', async () => {
    const { user, client, calls } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await waitFor(() =>
      expect(screen.getByTestId('host-status').textContent).toBe('signed in as did:foyer:user-1'),
    )
    expect(client.getState().user?.id).toBe('did:foyer:user-1')
    expect(await getAccessTokenOf(client)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.getByTestId('host-status').textContent).toBe('signed out'))
    expect(calls.some((call) => call.path === '/api/v1/sessions/logout')).toBe(true)
  })

  test('behavior: login() does nothing when already authenticated', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
