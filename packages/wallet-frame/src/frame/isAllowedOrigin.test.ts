import { expect, test } from 'vitest'
import { isAllowedOrigin } from './isAllowedOrigin'

test('default: exact origins and port wildcards of the same scheme and host', () => {
  const patterns = ['https://shop.example', 'http://localhost:*']
  expect(isAllowedOrigin(patterns, 'https://shop.example')).toBe(true)
  expect(isAllowedOrigin(patterns, 'http://localhost:5173')).toBe(true)
  expect(isAllowedOrigin(patterns, 'http://localhost')).toBe(true)
})

test('error: other schemes, hosts, ports, null and malformed origins', () => {
  const patterns = ['https://shop.example', 'http://localhost:*']
  for (const origin of [
    'https://evil.example',
    'http://shop.example',
    'https://shop.example:8443',
    'https://localhost:5173',
    'http://localhost.evil.example:5173',
    'null',
    '',
    'http://localhost:5173/path',
  ])
    expect(isAllowedOrigin(patterns, origin), origin).toBe(false)
})
