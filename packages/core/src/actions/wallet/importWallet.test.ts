// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { createWalletTestClient } from '../../../test/createWalletTestClient'
import { rejectionOf } from '../../../test/rejectionOf'
import { importWallet } from './importWallet'

describe('importWallet', () => {
  test('behavior: mounts the import page for the chain; aborting removes it and ends with wallet_import_canceled', async () => {
    const { client } = await createWalletTestClient()
    const mounted: HTMLIFrameElement[] = []
    const controller = new AbortController()
    const pending = importWallet(client, {
      chainType: 'solana',
      mount: (iframe) => {
        mounted.push(iframe)
        document.body.append(iframe)
      },
      signal: controller.signal,
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mounted).toHaveLength(1)
    const url = new URL(mounted[0]?.src ?? '')
    expect(url.origin + url.pathname).toBe(`https://api.test/apps/${client.appId}/embedded-wallets/import`)
    expect(url.searchParams.get('chainType')).toBe('solana')
    // The key is typed into that page: nothing of it is in the URL.
    expect([...url.searchParams.keys()].sort()).toEqual(['caid', 'chainType', 'client_id'])
    controller.abort()
    const error = await rejectionOf(pending)
    expect(error).toMatchObject({
      name: 'EmbeddedWalletError',
      code: 'wallet_import_canceled',
      message: 'Wallet import canceled',
    })
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  test("error: a plain-http wallet server on a named host is 'Embedded wallet is only available over HTTPS'; nothing is mounted", async () => {
    const { client } = await createWalletTestClient()
    Object.assign(client, { apiUrl: 'http://wallet.example' })
    const mounted: HTMLIFrameElement[] = []
    const error = await rejectionOf(
      importWallet(client, { chainType: 'ethereum', mount: (iframe) => void mounted.push(iframe) }),
    )
    expect(error).toMatchObject({ code: 'https_required' })
    expect(mounted).toEqual([])
  })
})
