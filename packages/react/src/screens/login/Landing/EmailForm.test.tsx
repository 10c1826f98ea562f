import { createMemoryStorage } from '@foyer/core'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { TEST_APP_ID } from '../../../../test/createTestClient'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'

afterEach(cleanup)

describe('EmailForm', () => {
  test("behavior: the 'Recent' chip sits on the field's border at the left, clear of Submit at the right", async () => {
    const storage = createMemoryStorage()
    await storage.set(`foyer:${TEST_APP_ID}:recent_login_method`, 'email')
    await renderFoyerAndOpen({ storage })
    const chip = await screen.findByText('Recent')
    const style = getComputedStyle(chip)
    expect(style.position).toBe('absolute')
    expect(style.left).toBe('10px')
    expect(style.right).toBe('auto')
    // The focused field preloaded the email flow's screens: let them finish loading before teardown.
    await Promise.all([
      import('../AwaitingCode/AwaitingCode'),
      import('../../Error/ErrorScreen'),
      import('../../Success/Success'),
    ])
  })
})
