import { WalletProxyError } from '@foyer/core/wallet'
import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../i18n/allEnglish'
import { errorOutcome } from './errorOutcome'
import { toErrorInfo } from './toErrorInfo'

describe('toErrorInfo', () => {
  test("behavior: a wallet frame error whose message says 'code 429' is rate limited", () => {
    const error = new WalletProxyError('Request failed with code 429', {
      code: 'error',
      event: 'privy:wallet:create',
    })
    const info = toErrorInfo(error)
    expect(info).toMatchObject({ code: 'too_many_requests', status: 429 })
    const shown = errorOutcome('wallet', info)
    const rateLimited = errorOutcome('wallet', { code: 'too_many_requests', status: 429 })
    expect(shown.kind).toBe(rateLimited.kind)
    if (shown.kind === 'inline' && rateLimited.kind === 'inline')
      expect(shown.text(en)).toBe(rateLimited.text(en))
  })

  test('default: other wallet frame errors keep their code', () => {
    const error = new WalletProxyError('Wallet not on device', { code: 'wallet_not_on_device' })
    expect(toErrorInfo(error).code).toBe('wallet_not_on_device')
    expect(toErrorInfo(new Error('code 429')).code).toBe('unknown_error')
  })
})
