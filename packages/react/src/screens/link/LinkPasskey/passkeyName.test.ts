import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../../../i18n/allEnglish'
import { de } from '../../../i18n/locales/de'
import { mergeMessages } from '../../../i18n/mergeMessages'
import { passkeyName } from './passkeyName'

const none = { authenticator_name: null, created_with_browser: null, created_with_os: null }

describe('passkeyName', () => {
  test('default', () => {
    expect(
      passkeyName(
        { ...none, authenticator_name: 'iCloud Keychain', created_with_browser: 'Safari' },
        en.passkey,
      ),
    ).toBe('iCloud Keychain on Safari')
    expect(
      passkeyName({ ...none, created_with_browser: 'Chrome', created_with_os: 'macOS' }, en.passkey),
    ).toBe('Chrome on macOS')
    expect(passkeyName(none, en.passkey)).toBe('Unknown device')
  })

  test('behavior: in the modal locale', () => {
    const german = mergeMessages(en, de).passkey
    expect(passkeyName({ ...none, created_with_browser: 'Chrome', created_with_os: 'macOS' }, german)).toBe(
      'Chrome auf macOS',
    )
    expect(passkeyName(none, german)).toBe('Unbekanntes Gerät')
  })
})
