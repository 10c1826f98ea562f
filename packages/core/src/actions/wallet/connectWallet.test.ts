import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { json, testUser } from '../../../test/createTestApi'
import {
  createWalletTestClient,
  ethereumAddress,
  frameError,
  solanaAddress,
  walletAccount,
  walletUser,
} from '../../../test/createWalletTestClient'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import type { RecoverWithOAuthPrompt } from '../../wallet/ui/WalletPrompt'
import { CONNECTING_SCREEN_DELAY_MS, connectWallet } from './connectWallet'

const driveUser = { ...testUser, linked_accounts: [walletAccount({ recovery_method: 'google-drive' })] }
const passwordUser = { ...testUser, linked_accounts: [walletAccount({ recovery_method: 'user-passcode' })] }

afterEach(() => {
  vi.unstubAllGlobals()
})

/**
 * Answers a recovery OAuth prompt as Google would: the popup opens, the round trip's init is seen, and the
 * return page posts the code for its state; resolves once the wallet is recovered.
 */
async function answerGoogle(
  prompt: Pick<RecoverWithOAuthPrompt, 'recover'>,
  fake: ReturnType<typeof createFakeOAuthWindow>,
  api: { callsTo(route: string): { body?: unknown }[] },
): Promise<void> {
  const inits = api.callsTo('POST /api/v1/recovery/oauth/init').length
  const popup = fake.window.open('', 'foyer-oauth', '')
  const recovering = prompt.recover({ popup })
  await vi.waitFor(() => expect(api.callsTo('POST /api/v1/recovery/oauth/init')).toHaveLength(inits + 1))
  const init = api.callsTo('POST /api/v1/recovery/oauth/init').at(-1)
  const state = (init?.body as { state_code?: string } | undefined)?.state_code
  await vi.waitFor(() => expect(() => popup?.location.href).toThrow())
  fake.dispatch({
    origin: 'http://app.test',
    source: popup,
    data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: state, authorizationCode: 'code-1' },
  })
  await recovering
}

describe('connectWallet', () => {
  test('default: one connect per entropy', async () => {
    const { client, requests } = await createWalletTestClient()
    const [wallet] = getEmbeddedWallets(walletUser, 'ethereum')
    await Promise.all([
      connectWallet(client, { wallet: wallet! }),
      connectWallet(client, { wallet: wallet! }),
    ])
    expect(requests).toEqual([
      {
        event: 'privy:wallets:connect',
        data: expect.objectContaining({ chainType: 'ethereum', entropyId: ethereumAddress }),
      },
    ])
  })

  test("behavior: without a device share, 'Enter your password' recovers; a wrong password can be retried", async () => {
    const { client, requests } = await createWalletTestClient({
      user: passwordUser,
      answer: ({ event, data }) => {
        if (event === 'privy:wallets:connect') throw frameError('wallet_not_on_device', 'No device share')
        if (data.recoveryPassword !== 'right-password') {
          throw frameError('invalid_recovery_pin', 'Invalid recovery password, please try again.')
        }
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'user-passcode' }
      },
    })
    const outcomes: string[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        if (prompt.kind !== 'recoverWithPassword') throw new Error('unexpected prompt')
        await prompt.recover('wrong-password').catch((error) => outcomes.push(error.code))
        await prompt.recover('right-password')
        return undefined as never
      },
    }
    const [wallet] = getEmbeddedWallets(passwordUser, 'ethereum')
    await connectWallet(client, { wallet: wallet! })
    expect(outcomes).toEqual(['invalid_recovery_pin'])
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:wallets:recover',
      'privy:wallets:recover',
    ])
    // Unlocked now: no second connect.
    await connectWallet(client, { wallet: wallet! })
    expect(requests).toHaveLength(3)
  })

  test("behavior: a request's recovery screen is closable; an automatic unlock's is not", async () => {
    const { client } = await createWalletTestClient({
      user: passwordUser,
      answer: ({ event }) => {
        if (event === 'privy:wallets:connect') throw frameError('wallet_not_on_device', 'No device share')
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'user-passcode' }
      },
    })
    const closable: boolean[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        if (prompt.kind !== 'recoverWithPassword') throw new Error('unexpected prompt')
        closable.push(prompt.closable)
        await prompt.recover('right-password')
        return undefined as never
      },
    }
    const [wallet] = getEmbeddedWallets(passwordUser, 'ethereum')
    await connectWallet(client, { wallet: wallet!, automatic: true })
    client._internal.wallet.connections.clear()
    await connectWallet(client, { wallet: wallet! })
    expect(closable).toEqual([false, true])
  })

  test("behavior: a google-drive wallet without a device share: the recovery OAuth prompt, Google's token to recover", async () => {
    const fake = createFakeOAuthWindow('http://app.test/')
    vi.stubGlobal('window', fake.window)
    const { client, api, requests } = await createWalletTestClient({
      user: driveUser,
      answer: ({ event }) => {
        if (event === 'privy:wallets:connect') throw frameError('wallet_not_on_device', 'No device share')
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'google-drive' }
      },
    })
    api.on('POST /api/v1/recovery/oauth/init', () => json({ url: 'https://accounts.google.test/auth' }))
    api.on('POST /api/v1/recovery/oauth/authenticate', () => json({ access_token: 'ya29.token' }))
    const kinds: string[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        kinds.push(prompt.kind)
        if (prompt.kind !== 'recoverWithOAuth') throw new Error('unexpected prompt')
        expect(prompt.provider).toBe('google-drive')
        await answerGoogle(prompt, fake, api)
        return undefined as never
      },
    }
    const [wallet] = getEmbeddedWallets(driveUser, 'ethereum')
    await connectWallet(client, { wallet: wallet! })
    expect(kinds).toEqual(['recoverWithOAuth'])
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:wallets:recover',
    ])
    expect(requests[1]?.data).toMatchObject({ recoveryAccessToken: 'ya29.token', entropyId: ethereumAddress })
    expect(requests[1]?.data).not.toHaveProperty('recoveryPassword')
  })

  test("behavior: the session's second google-drive wallet recovers with the token the first one got; a refused token asks again", async () => {
    const fake = createFakeOAuthWindow('http://app.test/')
    vi.stubGlobal('window', fake.window)
    const twoDriveWallets = {
      ...testUser,
      linked_accounts: [
        walletAccount({ recovery_method: 'google-drive' }),
        walletAccount({ address: solanaAddress, chain_type: 'solana', recovery_method: 'google-drive' }),
      ],
    }
    let driveTakes = true
    const { client, api, requests } = await createWalletTestClient({
      user: twoDriveWallets,
      answer: ({ event, data }) => {
        if (event === 'privy:wallets:connect') throw frameError('wallet_not_on_device', 'No device share')
        if (!driveTakes) throw frameError('error', 'Google Drive refused the token')
        return { chainType: data.chainType, entropyId: data.entropyId, recoveryMethod: 'google-drive' }
      },
    })
    api.on('POST /api/v1/recovery/oauth/init', () => json({ url: 'https://accounts.google.test/auth' }))
    api.on('POST /api/v1/recovery/oauth/authenticate', () => json({ access_token: 'ya29.first' }))
    const prompts: string[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        if (prompt.kind !== 'recoverWithOAuth') throw new Error('unexpected prompt')
        prompts.push(prompt.wallet.chainType)
        // The second time, the user closes the screen.
        if (prompts.length > 1) throw Object.assign(new Error('closed'), { code: 'user_rejected' })
        await answerGoogle(prompt, fake, api)
        return undefined as never
      },
    }
    const [ethereum] = getEmbeddedWallets(twoDriveWallets, 'ethereum')
    const [solana] = getEmbeddedWallets(twoDriveWallets, 'solana')
    await connectWallet(client, { wallet: ethereum! })
    await connectWallet(client, { wallet: solana! })
    // One Google sign-in: the Solana wallet recovered with the Ethereum one's token, unasked.
    expect(prompts).toEqual(['ethereum'])
    const recovers = requests.filter((request) => request.event === 'privy:wallets:recover')
    expect(recovers.map((request) => [request.data.chainType, request.data.recoveryAccessToken])).toEqual([
      ['ethereum', 'ya29.first'],
      ['solana', 'ya29.first'],
    ])

    // Drive no longer takes it (a new session's wallets, say): the token is dropped and the screen asks.
    client._internal.wallet.connections.clear()
    driveTakes = false
    await expect(connectWallet(client, { wallet: solana! })).rejects.toMatchObject({ code: 'user_rejected' })
    expect(prompts).toEqual(['ethereum', 'solana'])
    expect(client._internal.wallet.recoveryToken).toBeUndefined()
  })

  test("behavior: an icloud wallet without a device share: the recovery OAuth prompt for iCloud, Apple's web auth token to recover", async () => {
    const fake = createFakeOAuthWindow('http://app.test/')
    vi.stubGlobal('window', fake.window)
    const icloudUser = { ...testUser, linked_accounts: [walletAccount({ recovery_method: 'icloud' })] }
    const { client, api, requests } = await createWalletTestClient({
      user: icloudUser,
      answer: ({ event }) => {
        if (event === 'privy:wallets:connect') throw frameError('wallet_not_on_device', 'No device share')
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'icloud' }
      },
    })
    api.on('POST /api/v1/recovery/oauth/init_icloud', () => json({ url: 'https://idmsa.apple.test/signin' }))
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        if (prompt.kind !== 'recoverWithOAuth') throw new Error('unexpected prompt')
        expect(prompt.provider).toBe('icloud')
        const popup = fake.window.open('', 'foyer-oauth', '')
        const recovering = prompt.recover({ popup })
        await vi.waitFor(() => expect(() => popup?.location.href).toThrow())
        fake.dispatch({
          origin: 'https://cdn.apple-cloudkit.com',
          source: popup,
          data: { ckSession: 'ck-1' },
        })
        await recovering
        return undefined as never
      },
    }
    const [wallet] = getEmbeddedWallets(icloudUser, 'ethereum')
    await connectWallet(client, { wallet: wallet! })
    expect(requests.map((request) => request.event)).toEqual([
      'privy:wallets:connect',
      'privy:wallets:recover',
    ])
    expect(requests[1]?.data).toMatchObject({ recoveryAccessToken: 'ck-1', entropyId: ethereumAddress })
    expect(api.callsTo('POST /api/v1/recovery/oauth/authenticate')).toHaveLength(0)
  })

  test('error: without a UI the frame error stays, and a later call tries again', async () => {
    const { client, requests } = await createWalletTestClient({
      user: passwordUser,
      answer: () => {
        throw frameError('wallet_not_on_device', 'No device share')
      },
    })
    const [wallet] = getEmbeddedWallets(passwordUser, 'ethereum')
    await expect(connectWallet(client, { wallet: wallet! })).rejects.toMatchObject({
      code: 'wallet_not_on_device',
    })
    await expect(connectWallet(client, { wallet: wallet! })).rejects.toMatchObject({
      code: 'wallet_not_on_device',
    })
    expect(requests).toHaveLength(2)
  })

  describe("'Connecting your wallet'", () => {
    /** A frame whose connect answers only when `release` is called (after the given failures). */
    const slowFrame = (failures = 0) => {
      let release = () => {}
      let calls = 0
      const answer = ({ event }: { event: string }) => {
        if (event !== 'privy:wallets:connect') throw new Error('unexpected frame event')
        calls += 1
        if (calls <= failures) throw frameError('error', 'The wallet frame failed')
        return new Promise((resolve) => {
          release = () =>
            resolve({ chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'privy' })
        })
      }
      return { answer, release: () => release() }
    }

    test('behavior: a slow unlock opens the connecting prompt, which waits on the unlock under way', async () => {
      const frame = slowFrame()
      const { client, requests } = await createWalletTestClient({ answer: frame.answer })
      const seen: { kind: string; closable?: boolean }[] = []
      client._internal.wallet.ui = {
        busy: () => false,
        prompt: async (prompt) => {
          if (prompt.kind !== 'connectWallet') throw new Error('unexpected prompt')
          seen.push({ kind: prompt.kind, closable: prompt.closable })
          const connecting = prompt.connect()
          // Shown again (after a screen in front of it), it gets the same unlock.
          expect(prompt.connect()).toBe(connecting)
          frame.release()
          await connecting
          return undefined as never
        },
      }
      const [wallet] = getEmbeddedWallets(walletUser, 'ethereum')
      await connectWallet(client, { wallet: wallet! })
      expect(seen).toEqual([{ kind: 'connectWallet', closable: true }])
      expect(requests.map((request) => request.event)).toEqual(['privy:wallets:connect'])
    })

    test('behavior: no connecting prompt for a quick unlock, over a busy UI, or with the wallet UIs off', async () => {
      const [wallet] = getEmbeddedWallets(walletUser, 'ethereum')
      const prompts: string[] = []
      const ui = (busy: boolean) => ({
        busy: () => busy,
        prompt: async (prompt: { kind: string }) => {
          prompts.push(prompt.kind)
          return undefined as never
        },
      })
      // Quick: the default frame answers at once.
      const quick = await createWalletTestClient()
      quick.client._internal.wallet.ui = ui(false)
      await connectWallet(quick.client, { wallet: wallet! })
      // Busy: a screen is open (the unlock's own verification, say).
      const busyFrame = slowFrame()
      const busy = await createWalletTestClient({ answer: busyFrame.answer })
      busy.client._internal.wallet.ui = ui(true)
      const busyConnect = connectWallet(busy.client, { wallet: wallet! })
      await new Promise((resolve) => setTimeout(resolve, CONNECTING_SCREEN_DELAY_MS + 100))
      busyFrame.release()
      await busyConnect
      // `showWalletUIs: false`.
      const hiddenFrame = slowFrame()
      const hidden = await createWalletTestClient({
        answer: hiddenFrame.answer,
        embeddedWallets: { showWalletUIs: false },
      })
      hidden.client._internal.wallet.ui = ui(false)
      const hiddenConnect = connectWallet(hidden.client, { wallet: wallet! })
      await new Promise((resolve) => setTimeout(resolve, CONNECTING_SCREEN_DELAY_MS + 100))
      hiddenFrame.release()
      await hiddenConnect
      expect(prompts).toEqual([])
    })

    test("behavior: after a failed unlock, the prompt's connect ('Try again') starts a new one", async () => {
      const frame = slowFrame(1)
      const failing = frame.answer
      let first = true
      // The first connect is slow and then fails; the second (the retry) answers when released.
      const answer = async (request: { event: string }) => {
        if (first) {
          first = false
          await new Promise((resolve) => setTimeout(resolve, CONNECTING_SCREEN_DELAY_MS + 100))
        }
        return failing(request)
      }
      const { client, requests } = await createWalletTestClient({ answer })
      const codes: string[] = []
      client._internal.wallet.ui = {
        busy: () => false,
        prompt: async (prompt) => {
          if (prompt.kind !== 'connectWallet') throw new Error('unexpected prompt')
          await prompt.connect().catch((error: { code: string }) => codes.push(error.code))
          const retry = prompt.connect()
          await vi.waitFor(() => expect(requests).toHaveLength(2))
          frame.release()
          await retry
          return undefined as never
        },
      }
      const [wallet] = getEmbeddedWallets(walletUser, 'ethereum')
      await connectWallet(client, { wallet: wallet! })
      expect(codes).toEqual(['error'])
      expect(requests.map((request) => request.event)).toEqual([
        'privy:wallets:connect',
        'privy:wallets:connect',
      ])
    })
  })
})
