import { describe, expect, test } from 'vitest'
import { en } from '../i18n/en'
import { oauthErrorOutcome } from './oauthErrorOutcome'

describe('oauthErrorOutcome', () => {
  test.each([
    ['OAUTH_USER_DENIED', 'Retry and check Google to finish connecting your account.', true],
    ['UNKNOWN_AUTH_ERROR', 'Something went wrong. Please try again.', true],
    ['invalid_credentials', 'Something went wrong. Please try again.', true],
    ['oauth_account_suspended', 'Your Google account is suspended. Please try another login method.', false],
    ['cannot_link_more_of_type', 'You cannot authorize more than one account for this user.', false],
    ['linked_to_another_user', 'This account has already been linked to another user.', false],
    ['oauth_origin_mismatch', 'Origins between parent and child windows do not match.', true],
    ['oauth_flow_missing', 'Authentication error.', true],
    ['too_many_requests', 'Too many requests. Please wait before trying again.', true],
  ])('copy: %s', (code, message, retry) => {
    expect(oauthErrorOutcome({ code }, 'Google', en)).toEqual({ kind: 'inline', message, retry })
  })

  test("copy: too_many_requests keeps the server's message (a provider rate limit)", () => {
    expect(
      oauthErrorOutcome({ code: 'too_many_requests', message: 'Rate limited by GitHub.' }, 'GitHub', en),
    ).toEqual({ kind: 'inline', message: 'Rate limited by GitHub.', retry: true })
  })

  test.each([
    ['user_does_not_exist', 'accountNotFound'],
    ['max_accounts_reached', 'userLimitReached'],
    ['allowlist_rejected', 'error'],
    ['disallowed_login_method', 'error'],
  ])('route: %s → %s', (code, kind) => {
    expect(oauthErrorOutcome({ code }, 'Google', en)).toEqual({ kind })
  })
})
