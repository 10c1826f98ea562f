import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { allEnglish as en } from '../i18n/allEnglish'
import { formatMessage } from '../i18n/formatMessage'
import { CodeInput } from './CodeInput'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function setup(props: { onComplete?: (code: string) => void; error?: string } = {}) {
  const onComplete = props.onComplete ?? vi.fn()
  render(
    <CodeInput
      onComplete={onComplete}
      error={props.error}
      groupLabel={en.awaitingCode.codeLabel}
      digitLabel={(n, total) => formatMessage(en.awaitingCode.digitLabel, { n, total })}
      numericErrorMessage={en.awaitingCode.numericError}
    />,
  )
  const boxes = [1, 2, 3, 4, 5, 6].map((n) => screen.getByRole('textbox', { name: `Digit ${n} of 6` }))
  return { onComplete, boxes: boxes as [HTMLInputElement, ...HTMLInputElement[]] }
}

describe('CodeInput', () => {
  test('default', () => {
    const { boxes } = setup()
    expect(boxes).toHaveLength(6)
    for (const box of boxes) expect(box.getAttribute('inputmode')).toBe('numeric')
    expect(boxes[0].getAttribute('autocomplete')).toBe('one-time-code')
    expect(boxes[1]?.getAttribute('autocomplete')).toBe('off')
    expect(document.activeElement).toBe(boxes[0])
    expect(screen.getByRole('group', { name: 'Confirmation code' })).toBeTruthy()
  })

  test('behavior: typing advances focus and the sixth digit submits the code', async () => {
    const user = userEvent.setup()
    const { boxes, onComplete } = setup()
    await user.keyboard('12345')
    expect(document.activeElement).toBe(boxes[5])
    expect(onComplete).not.toHaveBeenCalled()
    await user.keyboard('6')
    expect(boxes.map((box) => box.value).join('')).toBe('123456')
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('123456')
  })

  test('behavior: pasting spreads the digits, from any box', async () => {
    const user = userEvent.setup()
    const { boxes, onComplete } = setup()
    await user.click(boxes[3]!)
    await user.paste('987654')
    expect(boxes.map((box) => box.value)).toEqual(['9', '8', '7', '6', '5', '4'])
    expect(onComplete).toHaveBeenCalledWith('987654')
  })

  test('behavior: a partial paste fills from the focused box', async () => {
    const user = userEvent.setup()
    const { boxes, onComplete } = setup()
    await user.click(boxes[2]!)
    await user.paste('12 3')
    expect(boxes.map((box) => box.value)).toEqual(['', '', '1', '2', '3', ''])
    expect(document.activeElement).toBe(boxes[5])
    expect(onComplete).not.toHaveBeenCalled()
  })

  test('behavior: Backspace clears and moves back; arrows move', async () => {
    const user = userEvent.setup()
    const { boxes } = setup()
    await user.keyboard('123')
    expect(document.activeElement).toBe(boxes[3])
    await user.keyboard('{Backspace}')
    expect(document.activeElement).toBe(boxes[2])
    expect(boxes.map((box) => box.value).join('')).toBe('12')
    await user.keyboard('{Backspace}')
    expect(document.activeElement).toBe(boxes[1])
    expect(boxes.map((box) => box.value).join('')).toBe('1')
    await user.keyboard('{ArrowLeft}{Backspace}')
    expect(document.activeElement).toBe(boxes[0])
    expect(boxes[0].value).toBe('')
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(boxes[2])
  })

  test('error: a non-digit shows "Code should be numeric" and resets the boxes after 1.4 s', () => {
    vi.useFakeTimers()
    const { boxes, onComplete } = setup()
    // fireEvent: synchronous, so no user-event delays run on the fake clock.
    fireEvent.change(boxes[0], { target: { value: '1' } })
    fireEvent.change(boxes[1]!, { target: { value: '2' } })
    fireEvent.change(boxes[2]!, { target: { value: 'a' } })
    expect(screen.getByRole('alert').textContent).toBe('Code should be numeric')
    expect(boxes[2]?.getAttribute('aria-invalid')).toBe('true')
    act(() => vi.advanceTimersByTime(1399))
    expect(boxes[0].value).toBe('1')
    act(() => vi.advanceTimersByTime(1))
    expect(boxes.map((box) => box.value).join('')).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.activeElement).toBe(boxes[0])
    expect(onComplete).not.toHaveBeenCalled()
  })

  test('error: a pasted non-numeric code shows the numeric error', async () => {
    const user = userEvent.setup()
    const { boxes, onComplete } = setup()
    await user.click(boxes[0])
    await user.paste('12ab56')
    expect(screen.getByRole('alert').textContent).toBe('Code should be numeric')
    expect(onComplete).not.toHaveBeenCalled()
  })

  test('error: an outside error shows under the boxes', () => {
    setup({ error: 'Invalid or expired verification code' })
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification code')
  })
})
