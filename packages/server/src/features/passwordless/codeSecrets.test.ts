import { randomInt } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
} from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { oneTimeCodes } from './schema'

// docs/security.md properties 1–3 for one-time codes (email and SMS share `issueCode` / `consumeCode`).

// `randomInt` is wrapped (still the real CSPRNG) so the tests can see that codes come from it.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return { ...actual, randomInt: vi.fn(actual.randomInt) }
})

const t = useTestContext()
let counter = 0
const freshEmail = () => `secret${++counter}@example.com`
/** A fresh, possible US number: +1 415 57x xxxx. */
const freshNumber = () => `+1415${String(5_700_000 + ++counter).padStart(7, '0')}`
/** A six-digit code that differs from `code` in every digit. */
const wrongCode = (code: string) => [...code].map((digit) => String((Number(digit) + 1) % 10)).join('')
/** Distinct client addresses (TEST-NET-3); the server does not trust proxies, so the socket address is the IP. */
const ip = (index: number) => `203.0.113.${index + 1}`

const serverSrc = fileURLToPath(new URL('../../', import.meta.url))

function authenticate(email: string, code: string, remoteAddress: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: { email, code },
    remoteAddress,
  })
}

function expectInvalidCode(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({
    error: 'Invalid or expired verification code',
    code: 'invalid_credentials',
  })
}

/** Every non-test TypeScript file under packages/server/src, relative to it. */
function sourceFiles(dir = serverSrc): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(serverSrc, path)] : []
  })
}

/** `Math.random`, also spelt `Math [ 'random' ]` or with spaces. */
const MATH_RANDOM = /\bMath\s*(?:\.\s*random\b|\[\s*['"`]random['"`]\s*\])/

describe('security property 1 codes come from the CSPRNG', () => {
  test('behavior: the scan finds Math.random in any spelling (self-check)', () => {
    for (const sample of ['Math.random()', 'Math . random', "Math['random']()", 'const x = Math.random'])
      expect(sample).toMatch(MATH_RANDOM)
    for (const sample of ['randomInt(0, 10)', 'crypto.getRandomValues(bytes)', 'Mathematics.random'])
      expect(sample).not.toMatch(MATH_RANDOM)
  })

  test('error: no server source file uses Math.random', () => {
    const files = sourceFiles()
    expect(files).toContain(join('features', 'passwordless', 'service.ts'))
    expect(files.length).toBeGreaterThan(40)
    const offenders = files.filter((file) => MATH_RANDOM.test(readFileSync(join(serverSrc, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  test('behavior: the issuing module imports randomInt from node:crypto', () => {
    const source = readFileSync(join(serverSrc, 'features', 'passwordless', 'service.ts'), 'utf8')
    expect(source).toMatch(/import\s*\{[^}]*\brandomInt\b[^}]*\}\s*from\s*'node:crypto'/)
  })

  test('default: an email code and an SMS code are each one crypto.randomInt(0, 10^6) draw, zero-padded', async () => {
    const draw = vi.mocked(randomInt)
    const email = freshEmail()
    const phoneNumber = freshNumber()
    for (const [url, json, destination] of [
      ['/api/v1/passwordless/init', { email }, email],
      ['/api/v1/passwordless_sms/init', { phoneNumber }, phoneNumber],
    ] as const) {
      draw.mockClear()
      const response = await t.request({ method: 'POST', url, json })
      expect(response.statusCode, response.body).toBe(200)
      // Exactly one draw over [0, 10^6) (other draws are ids: randomInt(36)), and the mailed code is it.
      const codeDraws = draw.mock.calls.flatMap((call, index) =>
        call[0] === 0 && call[1] === 10 ** CODE_LENGTH ? [draw.mock.results[index]?.value as number] : [],
      )
      expect(codeDraws).toHaveLength(1)
      const value = codeDraws[0] as number
      const [message] = await t.mailbox(destination)
      expect(message?.code).toBe(String(value).padStart(CODE_LENGTH, '0'))
    }
  })
})

describe('security property 2 code lifetime', () => {
  test('default: CODE_TTL_SECONDS ≤ 600 and the stored code expires CODE_TTL_SECONDS after it is sent', async () => {
    expect(CODE_TTL_SECONDS).toBeLessThanOrEqual(600)
    const email = freshEmail()
    await t.sendCode(email)
    const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, email))
    expect(row?.createdAt.getTime()).toBe(t.now())
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(CODE_TTL_SECONDS * 1000)
  })

  test('boundary: the code works 1 s before its expiry and fails 1 s after', async () => {
    const early = freshEmail()
    const earlyCode = await t.sendCode(early)
    const late = freshEmail()
    const lateCode = await t.sendCode(late)
    t.advance((CODE_TTL_SECONDS - 1) * 1000)
    expect((await authenticate(early, earlyCode, ip(0))).statusCode).toBe(200)
    t.advance(2000)
    expectInvalidCode(await authenticate(late, lateCode, ip(0)))
  })
})

describe('security property 3 the wrong-attempt cap is per code, not per IP', () => {
  test(`error: ${CODE_MAX_ATTEMPTS} wrong codes from ${CODE_MAX_ATTEMPTS} IPs, then the right code from a new IP fails`, async () => {
    expect(CODE_MAX_ATTEMPTS).toBe(5)
    const email = freshEmail()
    const code = await t.sendCode(email)
    for (let index = 0; index < CODE_MAX_ATTEMPTS; index++)
      expectInvalidCode(await authenticate(email, wrongCode(code), ip(index)))
    expectInvalidCode(await authenticate(email, code, ip(CODE_MAX_ATTEMPTS)))
    const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, email))
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS)
    expect(row?.consumedAt).toBeNull()
  })

  test(`boundary: ${CODE_MAX_ATTEMPTS - 1} wrong codes from as many IPs leave the right code working`, async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    for (let index = 0; index < CODE_MAX_ATTEMPTS - 1; index++)
      expectInvalidCode(await authenticate(email, wrongCode(code), ip(index)))
    expect((await authenticate(email, code, ip(CODE_MAX_ATTEMPTS))).statusCode).toBe(200)
  })

  test('behavior: the count belongs to the code: a new code (after the cooldown) starts again from zero', async () => {
    const email = freshEmail()
    const first = await t.sendCode(email)
    for (let index = 0; index < CODE_MAX_ATTEMPTS; index++)
      expectInvalidCode(await authenticate(email, wrongCode(first), ip(0)))
    expectInvalidCode(await authenticate(email, first, ip(0)))
    t.advance(CODE_RESEND_COOLDOWN_SECONDS * 1000)
    const second = await t.sendCode(email)
    expect((await authenticate(email, second, ip(0))).statusCode).toBe(200)
  })

  test('error: the same holds for SMS codes', async () => {
    const phoneNumber = freshNumber()
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/init',
      json: { phoneNumber },
    })
    expect(init.statusCode, init.body).toBe(200)
    const code = (await t.mailbox(phoneNumber))[0]?.code as string
    const sms = (value: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/passwordless_sms/authenticate',
        json: { phoneNumber, code: value },
        remoteAddress,
      })
    for (let index = 0; index < CODE_MAX_ATTEMPTS; index++)
      expectInvalidCode(await sms(wrongCode(code), ip(index)))
    expectInvalidCode(await sms(code, ip(CODE_MAX_ATTEMPTS)))
  })
})
