import { errorCodes } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../i18n/allEnglish'
import { copyText, type MessageKey } from './copyText'
import { errorOutcome } from './errorOutcome'
import { errorScreenCopy } from './errorScreenCopy'
import { type ErrorFlow, type ErrorRow, errorRow, errorTable, flowDefaults } from './errorTable'

const flows = Object.keys(flowDefaults).filter((flow) => flow !== 'login') as ErrorFlow[]

/** Every en.ts key a table entry names. */
function keysOf(value: unknown): MessageKey[] {
  if (typeof value === 'string') return [value as MessageKey]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([name, inner]) =>
    name === 'screen' || name === 'status' ? [] : keysOf(inner),
  )
}

describe('errorTable', () => {
  test('default: every server code of the protocol has a login error screen entry', () => {
    for (const code of errorCodes) {
      const entry = errorRow(code)?.login
      expect(entry, code).toBeDefined()
      const copy = errorScreenCopy({ code }, en)
      expect(copy.title, code).not.toBe('')
      expect(copy.detail, code).not.toBe('')
      expect(copy.button, code).not.toBe('')
    }
  })

  test('behavior: rows are only error codes, and every key names a string of en.ts', () => {
    const table: Record<string, ErrorRow> = errorTable
    for (const [code, row] of Object.entries(table)) {
      for (const key of keysOf(row)) {
        // A key that resolves to itself is missing from en.ts.
        expect(copyText(key, { code }, en), `${code}: ${key}`).not.toBe(key)
      }
    }
    for (const key of keysOf(flowDefaults)) expect(copyText(key, { code: 'x' }, en)).not.toBe(key)
  })

  test('behavior: a code without a row, or without a line for a flow, gets the flow default', () => {
    expect(errorRow('no_such_code')).toBeUndefined()
    expect(errorRow('toString')).toBeUndefined()
    const resolved = (flow: ErrorFlow, code: string) => {
      const outcome = errorOutcome(flow, { code })
      return outcome.kind === 'inline' ? { ...outcome, text: outcome.text(en) } : outcome
    }
    for (const flow of flows) expect(resolved(flow, 'no_such_code')).toEqual(resolved(flow, 'internal_error'))
  })

  test('behavior: docs/errors.md texts differ per flow for the same code', () => {
    const linked = { code: 'linked_to_another_user', status: 400, message: 'Server text.' }
    expect(errorScreenCopy(linked, en)).toEqual({
      title: 'Authentication failed',
      detail: 'This account has already been linked to another user.',
      button: 'Try again',
    })
    expect(errorOutcome('verifyCode', linked)).toMatchObject({ kind: 'screen', screen: 'error' })
    const wallet = errorOutcome('wallet', linked)
    expect(wallet.kind === 'inline' && wallet.text(en)).toBe('Wallet was already linked.')

    const cannotLinkMore = { code: 'cannot_link_more_of_type', status: 400, message: 'Server text.' }
    expect(errorOutcome('passkey', cannotLinkMore).text(en)).toBe('Cannot link more passkeys to account.')
    const verify = errorOutcome('verifyCode', cannotLinkMore)
    expect(verify.kind === 'inline' && verify.text(en)).toBe('Server text.')

    const invalid = { code: 'invalid_credentials', status: 401, message: 'Server text.' }
    const code = errorOutcome('verifyCode', invalid)
    expect(code.kind === 'inline' && code.text(en)).toBe('Invalid or expired verification code')
    expect(errorScreenCopy(invalid, en).detail).toBe('Try again later')

    const tooMany = { code: 'too_many_requests', status: 429 }
    expect(errorScreenCopy(tooMany, en)).toEqual({
      title: 'Request failed',
      detail: 'Too many attempts.',
      button: 'Try again later',
    })
    expect(errorOutcome('passkey', tooMany).text(en)).toBe('Unknown error occurred.')
    const other = errorOutcome('verifyCode', { code: 'internal_error', status: 500 })
    expect(other.kind === 'inline' && other.text(en)).toBe('Issue verifying code')
  })

  test('behavior: a Telegram payload used twice asks to try again (the widget signs a fresh one)', () => {
    const outcome = errorOutcome('telegram', { code: 'telegram_data_already_used', status: 401 })
    expect(outcome.kind === 'inline' && { text: outcome.text(en), retry: outcome.retry }).toEqual({
      text: 'Something went wrong. Try again.',
      retry: true,
    })
  })

  test('behavior: login screen shows the server message only for an HTTP 400 or 422', () => {
    expect(errorScreenCopy({ code: 'invalid_data', status: 422, message: 'Bad phone' }, en).detail).toBe(
      'Bad phone',
    )
    expect(errorScreenCopy({ code: 'internal_error', status: 500, message: 'Boom' }, en).detail).toBe(
      'Try again later',
    )
    expect(
      errorScreenCopy({ code: 'request_timeout', message: 'The request timed out after 5 ms.' }, en),
    ).toEqual({
      title: 'Something went wrong',
      detail: 'The request timed out after 5 ms.',
      button: 'Try again',
    })
    expect(errorScreenCopy({ code: 'network_error' }, en).detail).toBe('Check your connection and try again.')
  })
})
