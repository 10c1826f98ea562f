import { DEMO_APP_ID } from '@foyer/server'
import type { Browser } from 'playwright-core'
import { expect } from 'vitest'
import { consoleApiCall, signInOperator } from './consoleOperator'
import type { Stack } from './startStack'

/**
 * Signs the funding files' console operator in to `stack`'s console and waits (5 s at most) until the usage
 * report (docs/console.md#usage) of the demo app for today counts `started` on-ramps started and
 * `completed` completed (the SDK sends its events without waiting).
 */
export async function expectUsageFunding(
  browser: Browser,
  stack: Stack,
  counts: { started: number; completed: number },
): Promise<void> {
  const operator = await signInOperator(
    browser,
    { apiUrl: stack.apiUrl, advanceClock: async (ms) => stack.advanceClock(ms) },
    'console-funding@foyer.test',
  )
  try {
    const today = new Date().toISOString().slice(0, 10)
    const path = `/api/v1/console/usage?from=${today}&to=${today}&app_id=${DEMO_APP_ID}`
    await expect
      .poll(async () => (await consoleApiCall(stack, operator.accessToken, path)).body.days, {
        timeout: 5000,
      })
      .toEqual([
        expect.objectContaining({ funding_started: counts.started, funding_completed: counts.completed }),
      ])
  } finally {
    await operator.context.close()
  }
}
