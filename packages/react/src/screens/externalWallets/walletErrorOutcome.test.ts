import { ApiError, TimeoutError, UserRejectedRequestError } from '@foyer/core'
import { WalletConnectionError } from '@foyer/core/external-wallets'
import { describe, expect, test } from 'vitest'
import { toErrorInfo } from '../../errors/toErrorInfo'
import { en } from '../../i18n/en'
import { walletErrorOutcome } from './walletErrorOutcome'

const outcomeOf = (error: unknown) => walletErrorOutcome(toErrorInfo(error), en)

describe('walletErrorOutcome', () => {
  test('default', () => {
    expect(outcomeOf(new Error('boom'))).toEqual({
      kind: 'message',
      message: 'Unable to connect wallet',
      retry: true,
    })
    expect(outcomeOf(new WalletConnectionError())).toEqual({
      kind: 'message',
      message: 'Unable to connect wallet',
      retry: true,
    })
  })

  test('behavior: spec 01 §8 "Wallet connection mapping"', () => {
    const linked = new ApiError('This account has already been linked to another user.', {
      status: 400,
      code: 'linked_to_another_user',
    })
    expect(outcomeOf(linked)).toEqual({
      kind: 'message',
      message: 'Wallet was already linked.',
      retry: false,
    })
    expect(outcomeOf(new TimeoutError({ timeoutMs: 10_000 }))).toEqual({
      kind: 'message',
      message: 'The request timed out. Try again.',
      retry: true,
    })
    expect(outcomeOf(new UserRejectedRequestError())).toEqual({
      kind: 'message',
      message: 'The request was rejected in your wallet.',
      retry: true,
    })
  })

  test('behavior: a wallet error with details shows the details as is', () => {
    const error = new WalletConnectionError({ details: 'The wallet returned no Ethereum account.' })
    expect(outcomeOf(error)).toEqual({
      kind: 'message',
      message: 'The wallet returned no Ethereum account.',
      retry: true,
    })
  })

  test('behavior: cannot link more (the per-type link cap) shows the server message with Back, not the user-limit screen', () => {
    const error = new ApiError('User already has an account of type siwe linked.', {
      status: 400,
      code: 'cannot_link_more_of_type',
    })
    expect(outcomeOf(error)).toEqual({
      kind: 'message',
      message: 'User already has an account of type siwe linked.',
      retry: false,
    })
  })

  test('behavior: screens: disallowed login method and allow-list → error screen; user limit; unknown account', () => {
    const api = (code: 'disallowed_login_method' | 'allowlist_rejected' | 'max_accounts_reached') =>
      new ApiError('x', { status: 403, code })
    expect(outcomeOf(api('disallowed_login_method'))).toEqual({ kind: 'screen', screen: 'error' })
    expect(outcomeOf(api('allowlist_rejected'))).toEqual({ kind: 'screen', screen: 'error' })
    expect(outcomeOf(api('max_accounts_reached'))).toEqual({ kind: 'screen', screen: 'userLimitReached' })
    expect(walletErrorOutcome({ code: 'user_does_not_exist' }, en)).toEqual({
      kind: 'screen',
      screen: 'accountNotFound',
    })
  })
})
