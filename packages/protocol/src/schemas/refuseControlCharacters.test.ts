import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { controlCharacterPath, refuseControlCharacters } from './refuseControlCharacters'

describe('controlCharacterPath', () => {
  test('default: plain text, tab and line breaks pass', () => {
    expect(controlCharacterPath({ a: 'hello', b: ['line\nbreak\r\n', 'tab\t'], c: 1, d: null })).toBeNull()
    expect(controlCharacterPath('café ✓')).toBeNull()
  })

  test('error: NUL, other C0, DEL and C1 controls, with their path', () => {
    expect(controlCharacterPath('x\u0000')).toEqual([])
    expect(controlCharacterPath({ a: ['ok', 'x\u0001'] })).toEqual(['a', 1])
    expect(controlCharacterPath({ deep: { er: '\u007f' } })).toEqual(['deep', 'er'])
    expect(controlCharacterPath(['\u0085'])).toEqual([0])
  })

  test('error: a control character in an object key', () => {
    expect(controlCharacterPath({ nested: { 'k\u0000': 1 } })).toEqual(['nested', 'k\u0000'])
  })

  test('behavior: a deeply nested value does not overflow the stack', () => {
    let value: unknown = 'x\u0000'
    for (let depth = 0; depth < 100_000; depth++) value = [value]
    expect(controlCharacterPath(value)).toHaveLength(100_000)
  })
})

describe('refuseControlCharacters', () => {
  const schema = refuseControlCharacters(z.object({ address: z.string(), label: z.string().optional() }))

  test('default: a clean value parses', () => {
    expect(schema.parse({ address: 'abc' })).toEqual({ address: 'abc' })
  })

  test('error: a control character is an issue at its path', () => {
    const result = schema.safeParse({ address: 'x\u0000' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['address'],
      message: 'Control characters are not allowed',
    })
  })
})
