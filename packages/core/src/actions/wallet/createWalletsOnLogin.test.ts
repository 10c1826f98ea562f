import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeWindow } from '../../../test/createFakeWindow'
import { json, testUser } from '../../../test/createTestApi'
import {
  createWalletTestClient,
  ethereumAddress,
  solanaAddress,
  walletAccount,
  walletUser,
} from '../../../test/createWalletTestClient'
import { createFakeLockManager } from '../../../test/fakeBrowser'
import { WalletProxyError } from '../../wallet/errors/WalletProxyError'
import { createWalletProxy } from '../../wallet/proxy/createWalletProxy'
import { createWallet } from './createWallet'
import { createWalletsOnLogin, shouldCreateOnLogin } from './createWalletsOnLogin'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const frameWallet = (chainType: 'ethereum' | 'solana') => ({
  address: chainType === 'ethereum' ? ethereumAddress : solanaAddress,
  chainType,
  walletIndex: 0,
  entropyId: chainType === 'ethereum' ? ethereumAddress : solanaAddress,
  entropyIdVerifier: `${chainType}-address-verifier`,
  recoveryMethod: 'privy',
  imported: false,
})

describe('createWalletsOnLogin', () => {
  test('default: creates the Ethereum then the Solana wallet and refreshes the user', async () => {
    const { client, requests, api } = await createWalletTestClient({
      stateUser: testUser,
      embeddedWallets: {
        ethereum: { createOnLogin: 'users-without-wallets' },
        solana: { createOnLogin: 'users-without-wallets' },
      },
      answer: ({ data }) => frameWallet(data.chainType as 'ethereum' | 'solana'),
    })
    // The server lists each wallet once it exists.
    const created = new Set<string>()
    api.on('GET /api/v1/users/me', () =>
      json({
        user: {
          ...walletUser,
          linked_accounts: walletUser.linked_accounts.filter(
            (account) => account.type !== 'wallet' || created.has(account.chain_type),
          ),
        },
      }),
    )
    const answer = requests.push.bind(requests)
    requests.push = (...items) => {
      for (const item of items) created.add(String(item.data.chainType))
      return answer(...items)
    }
    const states: string[] = []
    client.subscribe(() => states.push(client.getState().walletCreation.status))
    const wallets = await createWalletsOnLogin(client)
    expect(wallets.ethereum?.address).toBe(ethereumAddress)
    expect(wallets.solana?.address).toBe(solanaAddress)
    expect(
      requests.map((request) => [request.event, request.data.chainType, request.data.recoveryMethod]),
    ).toEqual([
      ['privy:wallet:create', 'ethereum', 'privy'],
      ['privy:wallet:create', 'solana', 'privy'],
    ])
    expect(states[0]).toBe('creating')
    expect(client.getState().walletCreation).toEqual({ status: 'idle', chainTypes: [], error: null })
    expect(client.getState().user).toEqual(walletUser)
  })

  test("behavior: 'off' and users who have a wallet create nothing", async () => {
    const { client, requests } = await createWalletTestClient({
      embeddedWallets: { ethereum: { createOnLogin: 'all-users' }, solana: { createOnLogin: 'off' } },
    })
    expect(await createWalletsOnLogin(client)).toEqual({})
    expect(requests).toEqual([])
    expect(shouldCreateOnLogin(client, testUser, 'ethereum')).toBe(true)
    expect(shouldCreateOnLogin(client, testUser, 'solana')).toBe(false)
  })

  test('behavior: the app config applies when the host sets nothing; never before the terms are accepted', async () => {
    const { client } = await createWalletTestClient({ user: testUser })
    const appConfig = {
      embedded_wallet_config: {
        ethereum: { create_on_login: 'users-without-wallets' },
        solana: { create_on_login: 'off' },
      },
    } as never
    client._internal.setState({ appConfig })
    expect(shouldCreateOnLogin(client, testUser, 'ethereum')).toBe(true)
    client._internal.setState({
      appConfig: { ...(appConfig as object), require_users_accept_terms: true } as never,
    })
    expect(shouldCreateOnLogin(client, testUser, 'ethereum')).toBe(false)
  })

  test("error: no answer within 20 s is 'walletProxy.create timed out.'", async () => {
    vi.useFakeTimers()
    const { client } = await createWalletTestClient({
      user: testUser,
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      answer: () => new Promise(() => {}),
    })
    const creation = createWalletsOnLogin(client)
    creation.catch(() => {})
    await vi.advanceTimersByTimeAsync(19_999)
    expect(client.getState().walletCreation.status).toBe('creating')
    await vi.advanceTimersByTimeAsync(1)
    await expect(creation).rejects.toMatchObject({
      code: 'wallet_create_timeout',
      message: 'walletProxy.create timed out.',
    })
    expect(client.getState().walletCreation).toMatchObject({
      status: 'error',
      error: { code: 'wallet_create_timeout' },
    })
  })

  test('behavior: a required password runs the password prompt and protects the wallet with it', async () => {
    const { client, requests } = await createWalletTestClient({
      stateUser: testUser,
      embeddedWallets: { ethereum: { createOnLogin: 'all-users' }, requireUserOwnedRecoveryOnCreate: true },
      answer: () => ({ ...frameWallet('ethereum'), recoveryMethod: 'user-passcode' }),
    })
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        if (prompt.kind !== 'setPassword') throw new Error('unexpected prompt')
        expect(prompt).toMatchObject({ reason: 'create', closable: false })
        await prompt.submit('Velvet-Orbit-Lantern-Pebble')
        return undefined as never
      },
    }
    await createWalletsOnLogin(client)
    expect(requests[0]?.data).toMatchObject({
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'Velvet-Orbit-Lantern-Pebble',
    })
  })
})

describe('createWalletsOnLogin: choosing the user-owned method', () => {
  test('behavior: an app offering a password and Google Drive asks the user to choose before any wallet is made', async () => {
    const { client, requests } = await createWalletTestClient({
      stateUser: testUser,
      embeddedWallets: { ethereum: { createOnLogin: 'all-users' }, requireUserOwnedRecoveryOnCreate: true },
      answer: () => ({ ...frameWallet('ethereum'), recoveryMethod: 'user-passcode' }),
    })
    client._internal.setState({
      appConfig: {
        embedded_wallet_config: { user_owned_recovery_options: ['user-passcode', 'google-drive'] },
      } as never,
    })
    const kinds: string[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        kinds.push(prompt.kind)
        if (prompt.kind !== 'secureNewWallet') throw new Error('unexpected prompt')
        expect(prompt.methods).toEqual(['user-passcode', 'google-drive'])
        expect(requests.filter((request) => request.event === 'privy:wallet:create')).toEqual([])
        await prompt.createWithPassword('Velvet-Orbit-Lantern-Pebble')
        return undefined as never
      },
    }
    await createWalletsOnLogin(client)
    expect(kinds).toEqual(['secureNewWallet'])
    expect(requests.find((request) => request.event === 'privy:wallet:create')?.data).toMatchObject({
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'Velvet-Orbit-Lantern-Pebble',
    })
  })
})

describe('createWalletsOnLogin: both chains on a user-owned method', () => {
  test('behavior: the user is asked once; the Solana wallet is made on the password chosen for the Ethereum one', async () => {
    const { client, requests, api } = await createWalletTestClient({
      stateUser: testUser,
      embeddedWallets: {
        ethereum: { createOnLogin: 'all-users' },
        solana: { createOnLogin: 'all-users' },
        requireUserOwnedRecoveryOnCreate: true,
      },
      answer: ({ data }) => ({
        ...frameWallet((data as { chainType: 'ethereum' | 'solana' }).chainType),
        recoveryMethod: 'user-passcode',
      }),
    })
    client._internal.setState({
      appConfig: {
        embedded_wallet_config: { user_owned_recovery_options: ['user-passcode', 'google-drive'] },
      } as never,
    })
    // The server lists each wallet once it exists.
    api.on('GET /api/v1/users/me', () =>
      json({
        user: {
          ...walletUser,
          linked_accounts: walletUser.linked_accounts.filter(
            (account) =>
              account.type !== 'wallet' ||
              requests.some((request) => request.data.chainType === account.chain_type),
          ),
        },
      }),
    )
    const kinds: string[] = []
    client._internal.wallet.ui = {
      prompt: async (prompt) => {
        kinds.push(prompt.kind)
        if (prompt.kind !== 'secureNewWallet') throw new Error('unexpected prompt')
        await prompt.createWithPassword('Velvet-Orbit-Lantern-Pebble')
        return undefined as never
      },
    }
    const created = await createWalletsOnLogin(client)
    expect(kinds).toEqual(['secureNewWallet'])
    expect(Object.keys(created)).toEqual(['ethereum', 'solana'])
    expect(
      requests.filter((request) => request.event === 'privy:wallet:create').map((request) => request.data),
    ).toEqual([
      expect.objectContaining({ chainType: 'ethereum', recoveryPassword: 'Velvet-Orbit-Lantern-Pebble' }),
      expect.objectContaining({ chainType: 'solana', recoveryPassword: 'Velvet-Orbit-Lantern-Pebble' }),
    ])
  })

  test('behavior: a password screen that is left makes neither wallet and asks nothing more', async () => {
    const { client, requests } = await createWalletTestClient({
      stateUser: testUser,
      embeddedWallets: {
        ethereum: { createOnLogin: 'all-users' },
        solana: { createOnLogin: 'all-users' },
        requireUserOwnedRecoveryOnCreate: true,
      },
    })
    let asked = 0
    client._internal.wallet.ui = {
      prompt: async () => {
        asked += 1
        return undefined as never
      },
    }
    await expect(createWalletsOnLogin(client)).rejects.toMatchObject({ code: 'wallet_create_aborted' })
    expect(asked).toBe(1)
    expect(requests.filter((request) => request.event === 'privy:wallet:create')).toEqual([])
  })
})

/**
 * A client whose wallet proxy is the real one over a fake frame that loads after `loadDelayMs` (fake timers),
 * with the password prompt answered at once when `password` is set.
 */
async function slowFrameClient(options: { loadDelayMs: number; password: boolean }) {
  vi.useFakeTimers()
  const setup = await createWalletTestClient({
    stateUser: testUser,
    embeddedWallets: {
      ethereum: { createOnLogin: 'all-users' },
      requireUserOwnedRecoveryOnCreate: options.password,
    },
  })
  const fake = createFakeWindow({
    frameOrigin: 'https://api.test',
    loadDelayMs: options.loadDelayMs,
    behavior: ({ id, event, data }) =>
      event === 'privy:iframe:ready'
        ? { id, event, data: {} }
        : {
            id,
            event,
            data: {
              ...frameWallet('ethereum'),
              recoveryMethod: (data as { recoveryMethod: string }).recoveryMethod,
            },
          },
  })
  const proxy = createWalletProxy({
    frameUrl: 'https://api.test/apps/app/embedded-wallets',
    window: fake.window,
  })
  setup.client._internal.wallet.proxy = proxy
  setup.client._internal.wallet.ui = {
    prompt: async (prompt) => {
      if (prompt.kind !== 'setPassword') throw new Error('unexpected prompt')
      await prompt.submit('Velvet-Orbit-Lantern-Pebble')
      return undefined as never
    },
  }
  const created = createWalletsOnLogin(setup.client)
  created.catch(() => {})
  return { ...setup, fake, created }
}

describe('createWalletsOnLogin: waiting for the wallet frame', () => {
  test('behavior: the password screen waits 30 s for the frame; a frame that loads after 25 s creates the wallet', async () => {
    const { created, fake } = await slowFrameClient({ loadDelayMs: 25_000, password: true })
    // The handshake starts with the password screen, and the frame is mounted before any password.
    expect(fake.mounted).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(25_100)
    await expect(created).resolves.toMatchObject({ ethereum: { address: ethereumAddress } })
    const create = fake.posted.find(({ message }) => message.event === 'privy:wallet:create')
    expect(create?.message.data).toMatchObject({ recoveryMethod: 'user-passcode' })
  })

  test('error: on the password screen a frame that never answers fails after 30 s, not before', async () => {
    const { created } = await slowFrameClient({ loadDelayMs: 60_000, password: true })
    await vi.advanceTimersByTimeAsync(29_990)
    let settled = false
    created.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    await expect(created).rejects.toMatchObject({ code: 'wallet_proxy_timeout' })
  })

  test('error: a creation without the password screen waits 15 s for the frame', async () => {
    const { created } = await slowFrameClient({ loadDelayMs: 25_000, password: false })
    await vi.advanceTimersByTimeAsync(15_010)
    await expect(created).rejects.toMatchObject({ code: 'wallet_proxy_timeout' })
  })
})

describe('createWallet', () => {
  test("error: 'User already has an embedded wallet.' unless an additional wallet is asked for", async () => {
    const { client, requests } = await createWalletTestClient({
      answer: () => ({
        ...frameWallet('ethereum'),
        walletIndex: 1,
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      }),
    })
    await expect(createWallet(client)).rejects.toMatchObject({
      code: 'wallet_already_exists',
      message: 'User already has an embedded wallet.',
    })
    await expect(createWallet(client, { additional: true })).rejects.toMatchObject({
      code: 'wallet_missing_after_create',
      message: 'Updated user is missing embedded wallet.',
    })
    expect(requests[0]).toMatchObject({
      event: 'privy:wallets:add',
      data: { chainType: 'ethereum', entropyId: ethereumAddress },
    })
  })

  test('behavior: createAdditional and walletIndex > 0 add to the index-0 entropy; walletIndex 0 is the first wallet', async () => {
    const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const { client, requests } = await createWalletTestClient({
      answer: () => ({ ...frameWallet('ethereum'), walletIndex: 1, address: second }),
      user: {
        ...walletUser,
        linked_accounts: [...walletUser.linked_accounts, walletAccount({ address: second, wallet_index: 1 })],
      },
      stateUser: walletUser,
    })
    await expect(createWallet(client, { createAdditional: true })).resolves.toMatchObject({
      address: second,
      walletIndex: 1,
      entropyId: ethereumAddress,
    })
    await createWallet(client, { walletIndex: 2 }).catch(() => undefined)
    expect(requests.map((request) => [request.event, request.data.walletIndex])).toEqual([
      ['privy:wallets:add', undefined],
      ['privy:wallets:add', 2],
    ])
    await expect(createWallet(client, { walletIndex: 0 })).rejects.toMatchObject({
      code: 'wallet_already_exists',
    })
  })

  test("error: a negative or fractional walletIndex is 'invalid_wallet_index'; an index > 0 without index 0 is 'first_wallet_required'", async () => {
    const { client, requests } = await createWalletTestClient({ stateUser: testUser })
    for (const walletIndex of [-1, 1.5])
      await expect(createWallet(client, { walletIndex })).rejects.toMatchObject({
        code: 'invalid_wallet_index',
        message: 'Wallet index must be a non-negative integer',
      })
    for (const options of [{ walletIndex: 1 }, { createAdditional: true }])
      await expect(createWallet(client, options)).rejects.toMatchObject({
        code: 'first_wallet_required',
        message: 'An additional wallet needs the wallet at index 0',
      })
    expect(requests).toEqual([])
  })

  test('behavior: racing creations share one frame call', async () => {
    const { client, requests } = await createWalletTestClient({
      stateUser: testUser,
      answer: () => frameWallet('ethereum'),
    })
    const [a, b] = await Promise.all([createWallet(client), createWallet(client)])
    expect(a).toBe(b)
    expect(requests).toHaveLength(1)
  })

  test("error: signed out is 'An error has occured, please login again.'", async () => {
    const { client } = await createWalletTestClient({ user: testUser })
    await client._internal.session.wipe()
    await expect(createWallet(client)).rejects.toMatchObject({ code: 'not_authenticated' })
  })

  test('behavior: two tabs signed in at once create one wallet; the tab that waited re-reads the user and takes it', async () => {
    const { locks } = createFakeLockManager()
    vi.stubGlobal('navigator', { locks })
    const embeddedWallets = { ethereum: { createOnLogin: 'users-without-wallets' as const } }
    let createdOnServer = false
    const tab = async () => {
      const { client, requests, api } = await createWalletTestClient({
        stateUser: testUser,
        embeddedWallets,
        answer: () => {
          createdOnServer = true
          return frameWallet('ethereum')
        },
      })
      api.on('GET /api/v1/users/me', () => json({ user: createdOnServer ? walletUser : testUser }))
      return { client, requests }
    }
    const [first, second] = [await tab(), await tab()]
    const [made, waited] = await Promise.all([
      createWalletsOnLogin(first.client),
      createWalletsOnLogin(second.client),
    ])
    expect(made.ethereum?.address).toBe(ethereumAddress)
    expect(waited).toEqual({})
    expect(first.requests).toHaveLength(1)
    expect(second.requests).toHaveLength(0) // without the lock it would have asked its frame too
    expect(second.client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: ethereumAddress }),
    )
    expect(second.client.getState().walletCreation.status).toBe('idle')
  })

  test("behavior: 'User already has an embedded wallet.' from another device adopts that wallet instead of failing", async () => {
    const { client, requests } = await createWalletTestClient({
      stateUser: testUser,
      embeddedWallets: { ethereum: { createOnLogin: 'users-without-wallets' } },
      answer: () => {
        throw new WalletProxyError('User already has an embedded wallet.', {
          code: 'invalid_request_arguments',
        })
      },
    })
    expect(await createWalletsOnLogin(client)).toEqual({})
    expect(requests).toHaveLength(1)
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: ethereumAddress }),
    )
    expect(client.getState().walletCreation).toEqual({ status: 'idle', chainTypes: [], error: null })
  })
})
