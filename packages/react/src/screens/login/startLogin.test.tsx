import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { apiError, rawAnswer } from '../../../../protocol/test/fakeApi'
import { TEST_CODE } from '../../../test/createTestClient'
import { renderFoyerAndOpen, submitEmail } from '../../../test/renderFoyer'

afterEach(cleanup)

describe('startLogin analytics (docs/api.md)', () => {
  test('default: an email login sends sdk_login_started then sdk_login_completed with the method', async () => {
    const { user, calls } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    const events = () =>
      calls
        .filter((call) => call.path === '/api/v1/analytics_events')
        .map((call) => call.body as { event_name: string; payload: Record<string, unknown> })
    await waitFor(() =>
      expect(events().map((event) => event.event_name)).toEqual(
        expect.arrayContaining(['sdk_initialize', 'sdk_login_started', 'sdk_login_completed']),
      ),
    )
    const started = events().find((event) => event.event_name === 'sdk_login_started')
    expect(started?.payload).toMatchObject({ method: 'email', clientTimestamp: expect.any(String) })
    const order = events().map((event) => event.event_name)
    expect(order.indexOf('sdk_login_started')).toBeLessThan(order.indexOf('sdk_login_completed'))
  })
})

describe('a send refused by the cooldown of a code this page sent (docs/sessions.md#resend-cooldown)', () => {
  test('behavior: Back and Submit again within 30 s opens the code screen again with its cooldown', async () => {
    const { user, api, calls } = await renderFoyerAndOpen()
    await submitEmail(user)
    let sends = 0
    api.on('POST /api/v1/passwordless/init', () => {
      sends += 1
      return rawAnswer(
        new Response(JSON.stringify({ error: 'Too many requests', code: 'too_many_requests' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '20' },
        }),
      )
    })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    const field = await screen.findByPlaceholderText('your@email.com')
    expect((field as HTMLInputElement).value).toBe('ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('heading', { name: 'Enter confirmation code' })
    expect(sends).toBe(1)
    expect(screen.queryByText('Request failed')).toBeNull()
    const resend = screen.getByRole('button', { name: /Resend code in (19|20)s/ })
    expect(resend.hasAttribute('disabled')).toBe(true)
    // The first code still signs in.
    await user.keyboard(TEST_CODE)
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/v1/passwordless/authenticate')).toBe(true),
    )
  })

  test('error: a 429 for an address this page sent no code to shows Request failed / Too many attempts.', async () => {
    const { user, api } = await renderFoyerAndOpen()
    api.on('POST /api/v1/passwordless/init', () => apiError(429, 'too_many_requests', 'Too many requests'))
    await user.type(screen.getByPlaceholderText('your@email.com'), 'grace@example.com{Enter}')
    await screen.findByText('Request failed')
    expect(screen.getByText('Too many attempts.')).toBeTruthy()
  })
})
