import { describe, expect, test } from 'vitest'
import { storageUnavailableWarning } from './storageUnavailableWarning'

describe('storageUnavailableWarning', () => {
  test('behavior: names the page, what stays in memory and the browser error', () => {
    const refused = new DOMException('The user denied permission to access the database.', 'UnknownError')
    expect(storageUnavailableWarning('wallet frame', 'device share', refused)).toBe(
      '[foyer wallet frame] IndexedDB unavailable (UnknownError: The user denied permission to access the database.): device share kept in memory',
    )
    expect(
      storageUnavailableWarning('wallet export', 'device key', new Error('IndexedDB is not available')),
    ).toBe(
      '[foyer wallet export] IndexedDB unavailable (Error: IndexedDB is not available): device key kept in memory',
    )
  })
})
