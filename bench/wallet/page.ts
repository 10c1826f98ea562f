// The page the wallet benchmark drives in Chromium: a core client of the demo app, the wallet frame, and
// timing helpers on `window.bench`. Bundled by run.mjs with esbuild; not a test.
import {
  createFoyerClient,
  createMemoryStorage,
  getAccessToken,
  loginWithEmailCode,
  logout,
  refreshSession,
  sendEmailCode,
} from '@foyer/core'
import { createEthereumProvider, createWalletProxy, type WalletProxy } from '@foyer/core/wallet'

const params = new URLSearchParams(location.search)
const apiUrl = params.get('api') ?? ''
const appId = 'foyerdemoapp0000000000000'
const client = createFoyerClient({
  appId,
  apiUrl,
  storage: createMemoryStorage(),
  embeddedWallets: { noPromptOnSignature: true },
  chains: [
    {
      id: 31337,
      name: 'Anvil',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
})

let proxy: WalletProxy | undefined
let wallet: { address: string; entropyId: string } | undefined

/** The frame, mounted once (its own proxy, so each step's time is the frame round trip alone). */
async function frame(): Promise<WalletProxy> {
  if (!proxy) {
    const { clientId, analyticsId } = await client._internal.ids()
    proxy = createWalletProxy({
      frameUrl: `${apiUrl}/apps/${appId}/embedded-wallets?caid=${analyticsId}&client_id=${clientId}`,
    })
    await proxy.ready()
  }
  return proxy
}

async function token(): Promise<string> {
  const value = await getAccessToken(client)
  if (!value) throw new Error('not signed in')
  return value
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

Object.assign(window, {
  bench: {
    async requestCode(email: string) {
      await logout(client)
      await sendEmailCode(client, { email })
    },
    async login(email: string, code: string) {
      await loginWithEmailCode(client, { email, code })
      await frame()
    },
    /** `privy:wallet:create` host → frame (entropy, shares, server calls) → host, in ms. */
    async create() {
      const accessToken = await token()
      const proxy = await frame()
      const started = performance.now()
      const created = await proxy.request('privy:wallet:create', { accessToken, chainType: 'ethereum' })
      const elapsed = performance.now() - started
      wallet = { address: created.address, entropyId: created.entropyId }
      return elapsed
    },
    /** `rounds` personal_sign round trips once unlocked: through the proxy alone, then through the EIP-1193 provider. */
    async sign(rounds: number) {
      if (!wallet) throw new Error('no wallet')
      const accessToken = await token()
      const proxy = await frame()
      const data = {
        accessToken,
        chainType: 'ethereum' as const,
        entropyId: wallet.entropyId,
        walletIndex: 0,
        address: wallet.address,
        chainId: 31337,
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
        request: { method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] },
      }
      const raw: number[] = []
      for (let i = 0; i < rounds; i++) {
        const started = performance.now()
        await proxy.request('privy:wallets:rpc', data)
        raw.push(performance.now() - started)
      }
      // The same through the client's own frame and the EIP-1193 provider (host-side checks included); the
      // refresh brings the new wallet into the client's user.
      await refreshSession(client)
      const provider = createEthereumProvider(client)
      await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] })
      const viaProvider: number[] = []
      for (let i = 0; i < rounds; i++) {
        const started = performance.now()
        await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] })
        viaProvider.push(performance.now() - started)
      }
      return { raw: median(raw), provider: median(viaProvider), rounds }
    },
  },
})
document.title = 'ready'
