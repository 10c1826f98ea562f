import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { TEST_CODE } from '../../test/createTestClient'
import { renderFoyerAndOpen } from '../../test/renderFoyer'

// The code and success screens' chunks each take 1.5 s to load, as over a slow network.
const slowChunk = async <Module,>(load: () => Promise<Module>) => {
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return load()
}
vi.mock('../screens/login/AwaitingCode/AwaitingCode', (importOriginal) => slowChunk(importOriginal))
vi.mock('../screens/Success/Success', (importOriginal) => slowChunk(importOriginal))

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

afterEach(cleanup)

describe('preloadScreens', () => {
  test('behavior: the code screen loads while the email field has focus, the success screen with the code screen', async () => {
    const { user } = await renderFoyerAndOpen()
    expect(document.activeElement).toBe(screen.getByPlaceholderText('your@email.com'))
    await pause(1600)
    await user.type(screen.getByPlaceholderText('your@email.com'), 'ada@example.com{Enter}')
    expect(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }, { timeout: 800 })).toBeTruthy()
    await pause(1600)
    await user.keyboard(TEST_CODE)
    expect(await screen.findByText('Success!', {}, { timeout: 800 })).toBeTruthy()
  })
})
