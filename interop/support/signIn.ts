import type Privy from '@privy-io/js-sdk-core'
import { inject } from 'vitest'
import { codeSentTo, freshEmail, freshPhone } from './codes'
import { createClient } from './createClient'

/** A new client signed in as a new user with a fresh email address (through the client's own calls). */
export async function signedInClient(prefix = 'interop'): Promise<{ client: Privy; email: string }> {
  const { apiUrl } = inject('interop')
  const client = await createClient()
  const email = freshEmail(prefix)
  const code = await codeSentTo(apiUrl, email, () => client.auth.email.sendCode(email))
  await client.auth.email.loginWithCode(email, code)
  return { client, email }
}

/** A new client signed in as a new user with a fresh phone number (SMS code from the dev mailbox). */
export async function signedInByPhone(): Promise<{ client: Privy; phone: string }> {
  const { apiUrl } = inject('interop')
  const client = await createClient()
  const phone = freshPhone()
  const code = await codeSentTo(apiUrl, phone, () => client.auth.phone.sendCode(phone))
  await client.auth.phone.loginWithCode(phone, code)
  return { client, phone }
}
