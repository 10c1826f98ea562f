import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serverErrors } from '../../packages/protocol/src/errors/serverErrors'
import { errorStatus } from '../../packages/server/src/errors/errorStatus'
import { BEGIN, END, serverErrorRows, withServerErrorsTable } from './serverErrorsTable'

const docs = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')

describe('docs/errors.md and the server error catalogue', () => {
  it('default: the page lists every catalogue entry with its code, status and message, as generated', () => {
    // On a failure, regenerate: npx tsx scripts/errorCatalogue/serverErrorsTable.ts
    expect(docs).toBe(withServerErrorsTable(docs))
  })

  it('behavior: each row of the page names a key, its wire code and its HTTP status', () => {
    const section = docs.slice(docs.indexOf(BEGIN), docs.indexOf(END))
    for (const [key, entry] of Object.entries(serverErrors)) {
      const status = 'status' in entry ? entry.status : errorStatus[entry.code]
      expect(section).toMatch(new RegExp(`\\| \`${key}\` +\\| \`${entry.code}\` +\\| ${status} +\\|`))
    }
  })

  it('behavior: a message with variable parts is listed with its parameters as placeholders', () => {
    const rows = new Map(serverErrorRows().map(([key, , , message]) => [key, message]))
    expect(rows.get('`unknownOAuthProvider`')).toBe('Unknown OAuth provider {provider}')
    expect(rows.get('`walletIndexNotNext`')).toBe('Only the next wallet index ({nextIndex}) can be added')
    expect(rows.get('`idempotencyKeyReused`')).toBe(
      'This Idempotency-Key was already used for another request',
    )
  })

  it('error: a page without the generated section is refused', () => {
    expect(() => withServerErrorsTable('# Error catalogue\n')).toThrow(/server-errors:begin/)
  })
})
