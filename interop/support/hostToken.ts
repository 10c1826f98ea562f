import { createPrivateKey, createSign } from 'node:crypto'
import { inject } from 'vitest'

/** A token the host's issuer (the stack's custom JWT issuer) signs for `subject` (RS256, RFC 7519), valid 300 s. */
export function hostToken(subject: string): string {
  const { customJwt } = inject('interop')
  const now = Math.floor(Date.now() / 1000)
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    sub: subject,
    iss: customJwt.issuer,
    aud: customJwt.audience,
    iat: now,
    exp: now + 300,
  })}`
  const signature = createSign('RSA-SHA256').update(input).sign(createPrivateKey(customJwt.privateKeyPem))
  return `${input}.${signature.toString('base64url')}`
}
