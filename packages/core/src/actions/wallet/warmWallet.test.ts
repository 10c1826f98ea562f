// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { testUser } from '../../../test/createTestApi'
import { createWalletTestClient, walletUser } from '../../../test/createWalletTestClient'
import { warmWallet } from './warmWallet'

/** A wallet test client without its frame yet, recording the frames it mounts. */
async function coldClient(user = walletUser) {
  const mounted: HTMLIFrameElement[] = []
  const { client } = await createWalletTestClient({
    user,
    embeddedWallets: { mountFrame: (iframe) => void mounted.push(iframe) },
  })
  client._internal.wallet.proxy = undefined
  return { client, mounted }
}

describe('warmWallet', () => {
  test('default: a user with an embedded wallet gets the frame mounted before any wallet call, once', async () => {
    const { client, mounted } = await coldClient()
    expect(await warmWallet(client)).toBe(true)
    expect(await warmWallet(client)).toBe(true)
    expect(mounted).toHaveLength(1)
    expect(new URL(mounted[0]?.src ?? '').origin).toBe('https://api.test')
    client._internal.wallet.proxy?.destroy()
  })

  test('edge: signed out while warming, no frame stays behind', async () => {
    const { client, mounted } = await coldClient()
    const warming = warmWallet(client)
    client._internal.setState({ user: null })
    expect(await warming).toBe(false)
    expect(client._internal.wallet.proxy).toBeUndefined()
    expect(mounted.every((iframe) => !iframe.isConnected)).toBe(true)
  })

  test('behavior: a user without an embedded wallet gets no frame', async () => {
    const { client, mounted } = await coldClient(testUser)
    expect(await warmWallet(client)).toBe(false)
    expect(mounted).toEqual([])
    expect(client._internal.wallet.proxy).toBeUndefined()
  })
})
