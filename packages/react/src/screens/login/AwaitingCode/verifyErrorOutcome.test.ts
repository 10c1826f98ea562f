import { describe, expect, test } from 'vitest'
import { en } from '../../../i18n/en'
import { verifyErrorOutcome } from './verifyErrorOutcome'

const inlineMessage = (code: string) => {
  const outcome = verifyErrorOutcome({ code })
  return outcome.kind === 'inline' ? outcome.message(en) : outcome.kind
}

describe('verifyErrorOutcome', () => {
  test('default', () => {
    expect(inlineMessage('unknown_error')).toBe('Issue verifying code')
  })

  test('behavior: spec 01 §8 "Passwordless code" routes', () => {
    expect(inlineMessage('invalid_credentials')).toBe('Invalid or expired verification code')
    expect(inlineMessage('user_does_not_exist')).toBe('accountNotFound')
    expect(inlineMessage('max_accounts_reached')).toBe('userLimitReached')
    expect(inlineMessage('too_many_requests')).toBe('error')
    expect(inlineMessage('linked_to_another_user')).toBe('error')
    expect(inlineMessage('allowlist_rejected')).toBe('error')
    expect(inlineMessage('disallowed_plus_email')).toBe('landingPlusEmail')
    expect(inlineMessage('network_error')).toBe('Issue verifying code')
  })

  test('behavior: SMS and link mode: region error screen, the server text for cannot_link_more_of_type', () => {
    expect(inlineMessage('region_not_supported')).toBe('error')
    const outcome = verifyErrorOutcome({ code: 'cannot_link_more_of_type', message: 'Already linked.' })
    expect(outcome.kind === 'inline' ? outcome.message(en) : outcome.kind).toBe('Already linked.')
  })
})
