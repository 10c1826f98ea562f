import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { TEST_CODE } from '../../../test/createTestClient'
import { renderFoyerAndOpen, submitEmail } from '../../../test/renderFoyer'

afterEach(cleanup)

describe('startLogin analytics (spec 01 §7)', () => {
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
