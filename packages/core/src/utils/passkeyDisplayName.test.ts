import { describe, expect, test } from 'vitest'
import { passkeyDisplayName } from './passkeyDisplayName'

const none = { authenticator_name: null, created_with_browser: null, created_with_os: null }

describe('passkeyDisplayName', () => {
  test('default: authenticator on browser', () => {
    expect(
      passkeyDisplayName({ ...none, authenticator_name: 'iCloud Keychain', created_with_browser: 'Safari' }),
    ).toBe('iCloud Keychain on Safari')
  })
  test('behavior: browser on OS when the authenticator is unknown', () => {
    expect(passkeyDisplayName({ ...none, created_with_browser: 'Chrome', created_with_os: 'Linux' })).toBe(
      'Chrome on Linux',
    )
  })
  test('behavior: Unknown device otherwise', () => {
    expect(passkeyDisplayName(none)).toBe('Unknown device')
    expect(passkeyDisplayName({ ...none, created_with_os: 'Linux' })).toBe('Unknown device')
  })
})
