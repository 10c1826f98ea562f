import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { createSiwsMessage } from '@privy-io/js-sdk-core'
import { base58 } from '@scure/base'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { origin } = inject('interop')
const domain = new URL(origin).host

/** An ed25519 key and its Solana address (base58 of the raw 32-byte public key). */
function solanaKey(): { address: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return { address: base58.encode(raw), privateKey }
}

/** The client's SIWS message over a fresh nonce, and the key's signature (base64, as wallets return it). */
async function signedMessage(client: Awaited<ReturnType<typeof createClient>>, key = solanaKey()) {
  const { nonce } = await client.auth.siws.fetchNonce({ address: key.address })
  const message = createSiwsMessage({ address: key.address, nonce, domain, uri: origin })
  const signature = sign(null, Buffer.from(message), key.privateKey).toString('base64')
  return { key, message, signature }
}

describe('js-sdk-core: Sign In With Solana', () => {
  test('fetchNonce + login: a new user with the Solana wallet account', async () => {
    const client = await createClient()
    const { key, message, signature } = await signedMessage(client)
    const session = await client.auth.siws.login({ message, signature, walletClientType: 'phantom' })
    expect(session.is_new_user).toBe(true)
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: key.address, chain_type: 'solana' }),
    )
  })

  test('link + unlink: a signed-in user links a Solana wallet and unlinks it', async () => {
    const { client } = await signedInClient('siws')
    const { key, message, signature } = await signedMessage(client)
    const linked = await client.auth.siws.link({ message, signature, walletClientType: 'phantom' })
    expect(linked.user.linked_accounts).toContainEqual(expect.objectContaining({ address: key.address }))
    const { user } = await client.auth.siws.unlink({ address: key.address })
    expect(user.linked_accounts).not.toContainEqual(expect.objectContaining({ address: key.address }))
  })
})
