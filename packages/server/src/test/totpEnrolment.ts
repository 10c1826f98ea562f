import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { TOTP_PARAMETERS } from '../features/mfa/totp'

/** The TOTP code (RFC 6238, our parameters) of the base32 `secret` at `ms` (Unix ms). */
export const totpCodeAt = (secret: string, ms: number): string =>
  new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })

/** How a test posts JSON with a bearer token (docs/mfa.md). */
type Post = (
  url: string,
  json: unknown,
  bearer: string,
) => Promise<{ statusCode: number; body: string; json: () => unknown }>

/**
 * Enrols TOTP for the session of `token` through `post` (init, then enroll with the code at `now` ms),
 * expecting 200 from both; returns the base32 secret.
 */
export async function enrollTotp(post: Post, token: string, now: number): Promise<string> {
  const init = await post('/api/v1/mfa/totp/init', {}, token)
  expect(init.statusCode, init.body).toBe(200)
  const { totpSecret } = init.json() as { totpSecret: string }
  const enrolled = await post('/api/v1/mfa/totp/enroll', { code: totpCodeAt(totpSecret, now) }, token)
  expect(enrolled.statusCode, enrolled.body).toBe(200)
  return totpSecret
}
