import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import type { TestContext } from './createTestContext'
import { enrollTotp } from './totpEnrolment'

/**
 * Signs `email` in to the console app and enrols TOTP for that session (which counts as its MFA
 * verification; docs/console.md#access), as the console page does; returns the access token.
 */
export async function signInConsoleOperator(t: TestContext, email: string): Promise<string> {
  const token = (await t.signIn(email, CONSOLE_APP_ID)).token ?? ''
  const post = (url: string, json: unknown, bearer: string) =>
    t.request({
      method: 'POST',
      url,
      json,
      bearer,
      appId: CONSOLE_APP_ID,
      headers: { origin: 'http://localhost:8787' },
    })
  await enrollTotp(post, token, t.now())
  return token
}
