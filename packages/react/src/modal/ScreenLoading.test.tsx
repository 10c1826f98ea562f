import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { TEST_CODE } from '../../test/createTestClient'
import { renderFoyerAndOpen } from '../../test/renderFoyer'
import { ScreenLoading } from './ScreenLoading'

// The code screen's chunk takes 1.5 s to load, as over a slow network.
vi.mock('../screens/login/AwaitingCode/AwaitingCode', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return importOriginal()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ScreenLoading', () => {
  test('behavior: the code screen waits for its chunk (no loading frame); the code typed meanwhile signs in', async () => {
    const { user, calls } = await renderFoyerAndOpen()
    await user.type(screen.getByPlaceholderText('your@email.com'), 'ada@example.com{Enter}')
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/passwordless/init')).toBe(true))
    // The code went out; the landing stays (Submit busy) until the code screen's code is there.
    await user.keyboard(TEST_CODE)
    expect(screen.queryByText(/^Loading: /)).toBeNull()
    expect(screen.getByPlaceholderText('your@email.com')).toBeTruthy()
    await waitFor(
      () =>
        expect(calls.find((call) => call.path === '/api/v1/passwordless/authenticate')?.body).toEqual({
          email: 'ada@example.com',
          code: TEST_CODE,
          mode: 'login-or-sign-up',
        }),
      { timeout: 4000 },
    )
    expect(await screen.findByText('Success!', {}, { timeout: 3000 })).toBeTruthy()
  })

  test('behavior: keeps the previous screen height and hands what is typed to onType', async () => {
    const box = document.createElement('div')
    vi.spyOn(box, 'offsetHeight', 'get').mockReturnValue(410)
    const typed: string[] = []
    render(
      <ScreenLoading
        label="Loading: Sign message"
        screenBox={{ current: box }}
        onType={(text) => typed.push(text)}
      />,
    )
    const status = screen.getByText('Loading: Sign message').parentElement as HTMLElement
    expect(status.getAttribute('role')).toBe('status')
    expect(status.style.minHeight).toBe('410px')
    await userEvent.setup().keyboard('12{Tab}3')
    expect(typed.join('')).toBe('123')
  })
})
