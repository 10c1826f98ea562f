import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../i18n/allEnglish'
import { errorScreenCopy } from './errorScreenCopy'

describe('errorScreenCopy', () => {
  test('default', () => {
    expect(errorScreenCopy({ code: 'unknown_error' }, en)).toEqual({
      title: 'Something went wrong',
      detail: 'Try again later',
      button: 'Try again',
    })
  })

  test('behavior: docs/errors.md copy per code', () => {
    expect(errorScreenCopy({ code: 'too_many_requests', status: 429 }, en)).toEqual({
      title: 'Request failed',
      detail: 'Too many attempts.',
      button: 'Try again later',
    })
    expect(errorScreenCopy({ code: 'region_not_supported', status: 400, message: 'x' }, en)).toEqual({
      title: 'This region is not supported',
      detail: 'SMS authentication from this region is not available',
      button: 'Try another method',
    })
    expect(errorScreenCopy({ code: 'linked_to_another_user' }, en)).toMatchObject({
      title: 'Authentication failed',
      detail: 'This account has already been linked to another user.',
    })
    expect(errorScreenCopy({ code: 'disallowed_login_method', message: 'Email login is off.' }, en)).toEqual({
      title: 'Not allowed',
      detail: 'Email login is off.',
      button: 'Try another method',
    })
    expect(errorScreenCopy({ code: 'invalid_captcha' }, en)).toEqual({
      title: 'Something went wrong',
      detail: 'Please try again.',
      button: 'Try again',
    })
    expect(errorScreenCopy({ code: 'captcha_failed', message: 'Captcha failed' }, en)).toMatchObject({
      title: 'Something went wrong',
      detail: 'You did not pass CAPTCHA. Please try again.',
    })
    expect(errorScreenCopy({ code: 'CAPTCHA_TIMEOUT', message: 'Captcha failed' }, en)).toMatchObject({
      detail: 'Something went wrong! Please try again later.',
    })
    expect(errorScreenCopy({ code: 'unsupported_captcha_site_key' }, en)).toMatchObject({
      detail: 'Unsupported captcha site key',
    })
    expect(errorScreenCopy({ code: 'invalid_data', status: 400, message: 'Bad email' }, en)).toMatchObject({
      title: 'Something went wrong',
      detail: 'Bad email',
    })
  })

  test('behavior: allowlist texts default and override, link only when safe', () => {
    expect(errorScreenCopy({ code: 'allowlist_rejected' }, en)).toEqual({
      title: "You don't have access to this app",
      detail: 'Have you been invited?',
      button: 'Try another account',
    })
    const allowlist_config = {
      error_title: 'Invite only',
      error_detail: null,
      cta_text: 'Join the waitlist',
      cta_link: 'https://example.com/waitlist',
    }
    expect(errorScreenCopy({ code: 'allowlist_rejected' }, en, { allowlist_config })).toEqual({
      title: 'Invite only',
      detail: 'Have you been invited?',
      button: 'Join the waitlist',
      href: 'https://example.com/waitlist',
    })
    const unsafe = { ...allowlist_config, cta_link: 'javascript:alert(1)' }
    expect(
      errorScreenCopy({ code: 'allowlist_rejected' }, en, { allowlist_config: unsafe }).href,
    ).toBeUndefined()
  })
})
