import { ApiError, TimeoutError, UserRejectedRequestError } from '@foyer/core'
import { WalletConnectionError } from '@foyer/core/external-wallets'
import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../i18n/allEnglish'
import type { ErrorInfo } from './ErrorInfo'
import { errorOutcome } from './errorOutcome'
import type { ErrorFlow } from './errorTable'
import { toErrorInfo } from './toErrorInfo'

/** The inline text in English, or the screen routed to. */
const shown = (flow: ErrorFlow, error: ErrorInfo) => {
  const outcome = errorOutcome(flow, error)
  return outcome.kind === 'inline' ? outcome.text(en) : outcome.screen
}

/** A wallet outcome of a thrown value, in the shape the wallet screen uses. */
const walletOutcome = (error: unknown) => {
  const outcome = errorOutcome('wallet', toErrorInfo(error))
  return outcome.kind === 'inline'
    ? { message: outcome.text(en), retry: outcome.retry }
    : { screen: outcome.screen }
}

describe('errorOutcome: verifyCode (docs/errors.md "Passwordless code")', () => {
  test('default', () => {
    expect(shown('verifyCode', { code: 'unknown_error' })).toBe('Issue verifying code')
    expect(shown('verifyCode', { code: 'network_error' })).toBe('Issue verifying code')
  })

  test('behavior: routes and texts', () => {
    expect(shown('verifyCode', { code: 'invalid_credentials' })).toBe('Invalid or expired verification code')
    expect(shown('verifyCode', { code: 'user_does_not_exist' })).toBe('accountNotFound')
    expect(shown('verifyCode', { code: 'max_accounts_reached' })).toBe('userLimitReached')
    expect(shown('verifyCode', { code: 'too_many_requests' })).toBe('error')
    expect(shown('verifyCode', { code: 'linked_to_another_user' })).toBe('error')
    expect(shown('verifyCode', { code: 'allowlist_rejected' })).toBe('accessDenied')
    expect(shown('verifyCode', { code: 'disallowed_login_method' })).toBe('error')
    expect(shown('verifyCode', { code: 'signup_disabled' })).toBe('error')
    expect(shown('verifyCode', { code: 'disallowed_plus_email' })).toBe('landingPlusEmail')
  })

  test('behavior: SMS and link mode: region error screen, the server text for cannot_link_more_of_type', () => {
    expect(shown('verifyCode', { code: 'region_not_supported' })).toBe('error')
    expect(shown('verifyCode', { code: 'cannot_link_more_of_type', message: 'Already linked.' })).toBe(
      'Already linked.',
    )
    expect(shown('verifyCode', { code: 'cannot_link_more_of_type' })).toBe('Issue verifying code')
  })
})

describe('errorOutcome: sendCode', () => {
  test('default: the error screen above the landing', () => {
    expect(errorOutcome('sendCode', { code: 'too_many_requests' })).toEqual({
      kind: 'screen',
      screen: 'error',
      resetsCaptcha: false,
    })
  })

  test('behavior: a plus email returns to the landing; an invalid captcha resets the captcha', () => {
    expect(errorOutcome('sendCode', { code: 'disallowed_plus_email' }).screen).toBe('landingPlusEmail')
    expect(errorOutcome('sendCode', { code: 'invalid_captcha' })).toEqual({
      kind: 'screen',
      screen: 'error',
      resetsCaptcha: true,
    })
  })
})

describe('errorOutcome: passkey (docs/errors.md "Passkey")', () => {
  test('default', () => {
    expect(shown('passkey', { code: 'unknown_error' })).toBe('Unknown error occurred.')
  })

  test('behavior: texts per code, each with Try again', () => {
    expect(shown('passkey', { code: 'PASSKEY_NOT_ALLOWED' })).toBe(
      'Passkey request timed out or rejected by user.',
    )
    expect(shown('passkey', { code: 'cannot_link_more_of_type', message: 'Server text.' })).toBe(
      'Cannot link more passkeys to account.',
    )
    expect(shown('passkey', { code: 'webauthn_not_supported' })).toBe(
      'WebAuthn is not supported in this browser',
    )
    expect(shown('passkey', { code: 'invalid_captcha' })).toBe('Please try again.')
    expect(errorOutcome('passkey', { code: 'PASSKEY_NOT_ALLOWED' }).retry).toBe(true)
  })
})

describe('errorOutcome: wallet (docs/errors.md "Wallet connection mapping")', () => {
  test('default', () => {
    expect(walletOutcome(new Error('boom'))).toEqual({ message: 'Unable to connect wallet', retry: true })
    expect(walletOutcome(new WalletConnectionError())).toEqual({
      message: 'Unable to connect wallet',
      retry: true,
    })
  })

  test('behavior: already linked, timed out, rejected', () => {
    const linked = new ApiError('This account has already been linked to another user.', {
      status: 400,
      code: 'linked_to_another_user',
    })
    expect(walletOutcome(linked)).toEqual({ message: 'Wallet was already linked.', retry: false })
    expect(walletOutcome(new TimeoutError({ timeoutMs: 10_000 }))).toEqual({
      message: 'The request timed out. Try again.',
      retry: true,
    })
    expect(walletOutcome(new UserRejectedRequestError())).toEqual({
      message: 'The request was rejected in your wallet.',
      retry: true,
    })
  })

  test('behavior: a wallet error with details shows the details as is', () => {
    const error = new WalletConnectionError({ details: 'The wallet returned no Ethereum account.' })
    expect(walletOutcome(error)).toEqual({ message: 'The wallet returned no Ethereum account.', retry: true })
  })

  test('behavior: cannot link more (the per-type link cap) shows the server message with Back, not the user-limit screen', () => {
    const error = new ApiError('User already has an account of type siwe linked.', {
      status: 400,
      code: 'cannot_link_more_of_type',
    })
    expect(walletOutcome(error)).toEqual({
      message: 'User already has an account of type siwe linked.',
      retry: false,
    })
  })

  test('behavior: screens: disallowed login method and allow-list → error screen; user limit; unknown account', () => {
    const api = (code: 'disallowed_login_method' | 'allowlist_rejected' | 'max_accounts_reached') =>
      new ApiError('x', { status: 403, code })
    expect(walletOutcome(api('disallowed_login_method'))).toEqual({ screen: 'error' })
    expect(walletOutcome(api('allowlist_rejected'))).toEqual({ screen: 'accessDenied' })
    expect(walletOutcome(api('max_accounts_reached'))).toEqual({ screen: 'userLimitReached' })
    expect(shown('wallet', { code: 'user_does_not_exist' })).toBe('accountNotFound')
  })
})

describe('errorOutcome: link (the headless link hooks)', () => {
  test('default', () => {
    expect(shown('link', { code: 'unknown_error' })).toBe('Issue verifying code')
  })

  test('behavior: texts per code', () => {
    expect(shown('link', { code: 'invalid_credentials' })).toBe('Invalid or expired verification code')
    expect(shown('link', { code: 'linked_to_another_user' })).toBe(
      'This account has already been linked to another user.',
    )
    expect(shown('link', { code: 'region_not_supported' })).toBe(
      'SMS authentication from this region is not available',
    )
    expect(shown('link', { code: 'cannot_link_more_of_type', message: 'Limit reached.' })).toBe(
      'Limit reached.',
    )
    expect(shown('link', { code: 'cannot_unlink_sole_account', message: 'Last account.' })).toBe(
      'Last account.',
    )
  })
})

describe('errorOutcome: recovery (docs/errors.md)', () => {
  test('default', () => {
    expect(shown('recovery', { code: 'wallet_proxy_invalid_reply' })).toBe(
      'An error has occurred, please try again.',
    )
  })

  test("behavior: the wallet frame did not connect: 'We're on it'", () => {
    for (const code of ['wallet_proxy_timeout', 'wallet_proxy_unavailable', 'wallet_proxy_missing'])
      expect(shown('recovery', { code })).toBe("Something went wrong. We're on it. Please try again later.")
  })

  test('behavior: a wrong password', () => {
    expect(shown('recovery', { code: 'invalid_recovery_pin' })).toBe(
      'Invalid recovery password, please try again.',
    )
    expect(shown('recovery', { code: 'invalid_request_arguments' })).toBe(
      'Invalid recovery password, please try again.',
    )
  })
})

describe('errorOutcome: oauth (docs/errors.md "OAuth")', () => {
  const inline = (code: string, message?: string) => {
    const outcome = errorOutcome('oauth', { code, message })
    return outcome.kind === 'inline' ? { text: outcome.text(en), retry: outcome.retry } : outcome
  }

  test("default: 'Something went wrong. Please try again.' with Retry", () => {
    expect(inline('UNKNOWN_AUTH_ERROR')).toEqual({
      text: 'Something went wrong. Please try again.',
      retry: true,
    })
    expect(inline('invalid_credentials')).toEqual({
      text: 'Something went wrong. Please try again.',
      retry: true,
    })
    expect(inline('no_such_code')).toEqual({ text: 'Something went wrong. Please try again.', retry: true })
  })

  test.each([
    ['OAUTH_USER_DENIED', 'Retry and check {scope} to finish connecting your account.', true],
    [
      'oauth_account_suspended',
      'Your {provider} account is suspended. Please try another login method.',
      false,
    ],
    ['cannot_link_more_of_type', 'You cannot authorize more than one account for this user.', false],
    ['linked_to_another_user', 'This account has already been linked to another user.', false],
    ['oauth_origin_mismatch', 'Origins between parent and child windows do not match.', true],
    ['oauth_flow_missing', 'Authentication error.', true],
    ['too_many_requests', 'Too many requests. Please wait before trying again.', true],
  ])('behavior: %s', (code, text, retry) => {
    expect(inline(code)).toEqual({ text, retry })
  })

  test("behavior: too_many_requests keeps the server's message (a provider rate limit)", () => {
    expect(inline('too_many_requests', 'Rate limited by GitHub.')).toEqual({
      text: 'Rate limited by GitHub.',
      retry: true,
    })
  })

  test('behavior: screens: unknown account, user limit, and the login error screen', () => {
    expect(errorOutcome('oauth', { code: 'user_does_not_exist' })).toMatchObject({
      screen: 'accountNotFound',
    })
    expect(errorOutcome('oauth', { code: 'max_accounts_reached' })).toMatchObject({
      screen: 'userLimitReached',
    })
    expect(errorOutcome('oauth', { code: 'allowlist_rejected' })).toMatchObject({ screen: 'accessDenied' })
    for (const code of ['disallowed_login_method', 'signup_disabled', 'invalid_origin'])
      expect(errorOutcome('oauth', { code }), code).toMatchObject({ kind: 'screen', screen: 'error' })
  })
})

describe('errorOutcome: telegram (docs/errors.md "Telegram")', () => {
  test('default', () => {
    expect(shown('telegram', { code: 'unknown_error' })).toBe('Authentication failed')
    expect(shown('telegram', { code: 'network_error' })).toBe('Authentication failed')
  })

  test('behavior: routes and texts', () => {
    const tryAgain = 'Something went wrong. Try again.'
    for (const code of [
      'invalid_data',
      'cannot_link_more_of_type',
      'invalid_credentials',
      'invalid_captcha',
      'captcha_failed',
    ])
      expect(shown('telegram', { code })).toBe(tryAgain)
    expect(shown('telegram', { code: 'linked_to_another_user' })).toBe(
      'This account has already been linked to another user.',
    )
    expect(shown('telegram', { code: 'disallowed_login_method' })).toBe('Login with Telegram not allowed.')
    expect(shown('telegram', { code: 'too_many_requests' })).toBe(
      'Too many requests. Please wait before trying again.',
    )
    expect(shown('telegram', { code: 'telegram_rate_limited' })).toBe(
      'Request limit reached for Telegram. Please wait a moment and try again.',
    )
    expect(shown('telegram', { code: 'allowlist_rejected' })).toBe('accessDenied')
    expect(shown('telegram', { code: 'max_accounts_reached' })).toBe('userLimitReached')
    expect(shown('telegram', { code: 'user_does_not_exist' })).toBe('accountNotFound')
    expect(shown('telegram', { code: 'account_transfer_required' })).toBe('error')
  })
})
