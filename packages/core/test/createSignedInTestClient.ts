import { loginWithEmailCode } from '../src/actions/email/loginWithEmailCode'
import { createMemoryStorage } from '../src/storage/createMemoryStorage'
import { createTestApi, createTestClient } from './createTestApi'

/**
 * A client of the test app signed in as the shared test user (`ada@example.com`, by an email code the fake
 * API accepts), with the fake API it calls and the memory storage that holds its session tokens.
 *
 * @example const { api, client, storage } = await createSignedInTestClient()
 */
export async function createSignedInTestClient() {
  const api = createTestApi()
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
  return { api, client, storage }
}
