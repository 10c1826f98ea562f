import { describe, expect, test } from 'vitest'
import { rejectionOf } from '../../../test/rejectionOf'
import { createFoyerClient } from '../../client/createFoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { assertSecureWalletContext, isSecureWalletUrl } from './assertSecureWalletContext'
import { getWalletProxy } from './getWalletProxy'

describe('isSecureWalletUrl', () => {
  test('behavior: https anywhere; http only on localhost or an IP address', () => {
    const verdicts = [
      'https://shop.example/',
      'http://localhost:5173/',
      'http://app.localhost/',
      'http://127.0.0.1:8787/',
      'http://192.168.1.20/',
      'http://[::1]:3000/',
      'http://shop.example/',
      'http://127.0.0.1.nip.io/',
      'ftp://127.0.0.1/',
    ].map((url) => [url, isSecureWalletUrl(new URL(url))])
    expect(verdicts).toEqual([
      ['https://shop.example/', true],
      ['http://localhost:5173/', true],
      ['http://app.localhost/', true],
      ['http://127.0.0.1:8787/', true],
      ['http://192.168.1.20/', true],
      ['http://[::1]:3000/', true],
      ['http://shop.example/', false],
      ['http://127.0.0.1.nip.io/', false],
      ['ftp://127.0.0.1/', false],
    ])
  })
})

describe('assertSecureWalletContext', () => {
  test("error: a plain-http page or wallet server on a named host is 'Embedded wallet is only available over HTTPS'", () => {
    const frame = new URL('https://wallet.example/apps/x/embedded-wallets')
    expect(() => assertSecureWalletContext(frame, 'http://shop.example/')).toThrow(
      'Embedded wallet is only available over HTTPS',
    )
    expect(() =>
      assertSecureWalletContext(new URL('http://wallet.example/apps/x'), 'https://shop.example/'),
    ).toThrow('Embedded wallet is only available over HTTPS')
    expect(() => assertSecureWalletContext(frame, 'https://shop.example/')).not.toThrow()
    expect(() => assertSecureWalletContext(frame, 'http://localhost:5173/')).not.toThrow()
    // No page (a server-side caller): only the wallet server is judged.
    expect(() => assertSecureWalletContext(frame, undefined)).not.toThrow()
  })

  test("behavior: the client's wallet frame is not opened toward a plain-http named host", async () => {
    const client = createFoyerClient({
      appId: 'clxxxxxxxxxxxxxxxxxxxxxxx',
      apiUrl: 'http://wallet.example',
      storage: createMemoryStorage(),
      fetch: async () => new Response('{}'),
    })
    const error = await rejectionOf(getWalletProxy(client))
    expect(error).toMatchObject({ name: 'EmbeddedWalletError', code: 'https_required' })
    expect(client._internal.wallet.proxy).toBeUndefined()
  })
})
