import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, test } from 'vitest'
import { captureLog } from '../test/captureLog'
import { useTestContext } from '../test/useTestContext'
import { maskPersonalData, maskText } from './maskPersonalData'

describe('maskText', () => {
  test('default: email addresses keep their first character and domain', () => {
    expect(maskText('login code for ana.maria+tag@mail.example.com sent')).toBe(
      'login code for a•••@mail.example.com sent',
    )
  })

  test('default: phone numbers keep their last 4 characters', () => {
    expect(maskText('SMS to +14155550100')).toBe('SMS to +•••••••0100')
    expect(maskText('SMS to +1 415-555 0100.')).toBe('SMS to +• •••-••• 0100.')
  })

  test('behavior: other text is unchanged', () => {
    expect(maskText('POST /api/v1/sessions 200 in 3 ms, 1+1=2, a@b')).toBe(
      'POST /api/v1/sessions 200 in 3 ms, 1+1=2, a@b',
    )
  })
})

describe('maskPersonalData', () => {
  test('default: strings in nested fields and errors are masked', () => {
    expect(
      maskPersonalData({
        to: 'ana@example.com',
        list: [{ phone: '+14155550100' }],
        error: new Error('no ana@example.com'),
      }),
    ).toMatchObject({
      to: 'a•••@example.com',
      list: [{ phone: '+•••••••0100' }],
      error: { type: 'Error', message: 'no a•••@example.com' },
    })
  })

  test('error: a database error loses its parameters (hashes, ciphertexts, emails)', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    })
    const error = new DrizzleQueryError(
      'insert into "linked_accounts" ("subject") values ($1)',
      ['ana@example.com', 'c2VjcmV0LWhhc2g='],
      cause,
    )
    const masked = maskPersonalData({ err: error })
    expect(masked).toEqual({
      err: {
        sqlState: '23505',
        message: 'duplicate key value violates unique constraint',
        query: 'insert into "linked_accounts" ("subject") values ($1)',
      },
    })
    expect(JSON.stringify(masked)).not.toContain('c2VjcmV0LWhhc2g=')
  })
})

describe('server log', () => {
  const { stream, lines } = captureLog()
  const t = useTestContext({ logger: { level: 'info', stream } })

  test('default: an email sign-in logs no email address at info level', async () => {
    await t.signIn('private.person@example.com')
    const log = lines.join('')
    expect(log).toContain('p•••@example.com')
    expect(log).not.toContain('private.person@example.com')
  })
})
