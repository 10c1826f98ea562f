import { emailSchema } from '@foyer/protocol'
import { expect, test } from 'vitest'
import { isValidEmail } from './isValidEmail'

const samples = [
  'ada@example.com',
  ' ada@example.com ',
  'ADA.Lovelace+tag@sub.example.co.uk',
  "o'brien@example.ie",
  'a_b-c@ex-ample.org',
  'x@y.io',
  'ada@example',
  'ada@@example.com',
  'ada@.example.com',
  '.ada@example.com',
  'ada.@example.com',
  'ada..lovelace@example.com',
  'ada@example.c',
  'ada@-example.com',
  'ada lovelace@example.com',
  'ada@exam_ple.com',
  '@example.com',
  'ada@',
  '',
  '   ',
  'ädä@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
]

test.each(samples)('behavior: %j is judged as the server emailSchema judges it', (value) => {
  expect(isValidEmail(value)).toBe(emailSchema.safeParse(value).success)
})

test('default', () => {
  expect(isValidEmail('ada@example.com')).toBe(true)
  expect(isValidEmail('ada@example')).toBe(false)
})
