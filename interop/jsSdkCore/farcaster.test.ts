import { createFarcasterTestPhone } from '@foyer/server/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { farcaster, origin } = inject('interop')
const phone = createFarcasterTestPhone({ relayUrl: farcaster.relayUrl, authKey: farcaster.authKey })
const accounts = [...farcaster.accounts]

/** Starts Sign In With Farcaster, approves it on the test phone as a fresh fid, and polls until completed. */
async function approvedChannel(client: Awaited<ReturnType<typeof createClient>>) {
  const next = accounts.shift()
  if (!next) throw new Error('out of Farcaster test accounts')
  const { channel_token, connect_uri } = await client.auth.farcaster.initializeAuth({ relyingParty: origin })
  // The phone takes the root's viem account type; this folder's viem (the clients' pin) builds the same object.
  const signer = privateKeyToAccount(next.privateKey) as unknown as Parameters<
    typeof phone.approve
  >[1]['signer']
  await phone.approve(connect_uri, { fid: next.fid, signer })
  const status = await client.auth.farcaster.getFarcasterStatus({ channel_token })
  if (status.state !== 'completed') throw new Error(`the channel is ${status.state}`)
  return { channel_token, message: status.message, signature: status.signature, fid: next.fid }
}

describe('js-sdk-core: Farcaster', () => {
  test('initializeAuth + getFarcasterStatus + authenticate: a new user with the Farcaster account', async () => {
    const client = await createClient()
    const channel = await approvedChannel(client)
    const session = await client.auth.farcaster.authenticate(channel)
    expect(session.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: channel.fid }),
    )
  })

  test('link + unlink: a signed-in user links a Farcaster account and unlinks it', async () => {
    const { client } = await signedInClient('farcaster')
    const channel = await approvedChannel(client)
    const linked = await client.auth.farcaster.link(channel)
    expect(linked.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'farcaster' }))
    const { user } = await client.auth.farcaster.unlink({ fid: channel.fid })
    expect(user.linked_accounts.some((account) => account.type === 'farcaster')).toBe(false)
  })
})
