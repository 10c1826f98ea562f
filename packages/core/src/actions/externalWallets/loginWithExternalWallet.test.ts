import { ed25519 } from '@noble/curves/ed25519.js'
import { base64 } from '@scure/base'
import { parseSignInMessageText } from '@solana/wallet-standard-util'
import { verifyMessage } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { apiError, createTestApi, createTestClient, json, testUser } from '../../../test/createTestApi'
import { createEthereumTestWallet, createSolanaTestWallet } from '../../../test/externalTestWallets'
import { rejectionOf } from '../../../test/rejectionOf'
import { ApiError } from '../../errors/ApiError'
import { getWalletConnectionHistory } from '../../externalWallets/connectionHistory'
import { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { connectExternalWallet } from './connectExternalWallet'
import { linkWallet } from './linkWallet'
import { loginWithSiwe } from './loginWithSiwe'
import { loginWithSiws } from './loginWithSiws'
import { unlinkWallet } from './unlinkWallet'

const page = { domain: 'app.example:5173', uri: 'https://app.example:5173' }
const NONCE = '0123456789abcdef0123456789abcdef'
const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }

function setup(overrides: Parameters<typeof createTestClient>[1] = {}) {
  const api = createTestApi()
  const inits: unknown[] = []
  api.on('POST /api/v1/siwe/init', (call) => {
    inits.push(call.body)
    // The server answers the EIP-55 form (EIP-55, docs/security.md property 41); the client sends it already.
    return json({ nonce: NONCE, address: (call.body as { address: string }).address, expires_at: '' })
  })
  api.on('POST /api/v1/siws/init', (call) =>
    json({ nonce: NONCE, address: (call.body as { address: string }).address, expires_at: '' }),
  )
  const authenticate = async () => json(await api.issue())
  for (const path of ['siwe/authenticate', 'siws/authenticate']) api.on(`POST /api/v1/${path}`, authenticate)
  // A link answers the user and keeps the session (docs/linked-accounts.md#linking).
  for (const path of ['siwe/link', 'siws/link']) api.on(`POST /api/v1/${path}`, () => json(api.user))
  const client = createTestClient(api, overrides)
  return { api, client, inits }
}

describe('loginWithSiwe', () => {
  test('default: connect, nonce, ERC-4361 message signed with personal_sign, authenticate', async () => {
    // The wallet is on one of the client's chains: it is not asked to switch.
    const anvil = { id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: eth }
    const { api, client } = setup({ chains: [anvil] })
    api.on('POST /api/v1/siwe/init', (call) => {
      const { address } = call.body as { address: string }
      return json({ nonce: NONCE, address, expires_at: '2030-01-01T00:00:00.000Z' })
    })
    const { wallet, account } = createEthereumTestWallet({ chainId: 31337 })
    const steps: string[] = []
    const result = await loginWithSiwe(client, { wallet, ...page, onSigning: () => steps.push('signing') })
    expect(result.user).toEqual(testUser)
    expect(result.wallet).toMatchObject({ address: account.address, chainId: 'eip155:31337' })
    expect(steps).toEqual(['signing'])
    expect(api.callsTo('POST /api/v1/siwe/init')[0]?.body).toEqual({ address: account.address })

    const body = api.callsTo('POST /api/v1/siwe/authenticate')[0]?.body as Record<string, string>
    expect(body).toMatchObject({
      chainId: 'eip155:31337',
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
    const message = body.message ?? ''
    const parsed = parseSiweMessage(message)
    expect(parsed).toMatchObject({
      address: account.address,
      chainId: 31337,
      domain: 'app.example:5173',
      uri: 'https://app.example:5173',
      version: '1',
      nonce: NONCE,
    })
    expect(message.startsWith('app.example:5173 wants you to sign in with your Ethereum account:\n')).toBe(
      true,
    )
    expect(message).not.toContain('\r')
    expect(validateSiweMessage({ message: parsed, domain: 'app.example:5173', nonce: NONCE })).toBe(true)
    const signature = body.signature as `0x${string}`
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(client.getState().user).toEqual(testUser)
  })

  test('behavior: the connection is recorded in the history, most recent first', async () => {
    const { client } = setup()
    const eth = createEthereumTestWallet()
    const sol = createSolanaTestWallet()
    await loginWithSiwe(client, { wallet: eth.wallet, ...page })
    await new Promise((resolve) => setTimeout(resolve, 2))
    await connectExternalWallet(client, { wallet: sol.wallet })
    const history = await getWalletConnectionHistory(client)
    expect(history.map((entry) => entry.address)).toEqual([sol.account.address, eth.account.address])
    expect(history[1]).toMatchObject({ walletClientType: 'metamask', connectorType: 'injected' })
    expect(typeof history[0]?.connectedAt).toBe('number')
  })

  test('error: a rejected signature is UserRejectedRequestError and nothing is authenticated', async () => {
    const { api, client } = setup()
    const { wallet, state } = createEthereumTestWallet()
    state.rejectNextSign = true
    await expect(loginWithSiwe(client, { wallet, ...page })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(api.callsTo('POST /api/v1/siwe/authenticate')).toHaveLength(0)
    // A retry takes a fresh nonce.
    await loginWithSiwe(client, { wallet, ...page })
    expect(api.callsTo('POST /api/v1/siwe/init')).toHaveLength(2)
  })

  test('error: other wallet failures are WalletConnectionError', async () => {
    const { client } = setup()
    const { wallet } = createEthereumTestWallet()
    const broken = { ...wallet, provider: { request: async () => [] } }
    await expect(loginWithSiwe(client, { wallet: broken, ...page })).rejects.toBeInstanceOf(
      WalletConnectionError,
    )
  })

  test('error: the server refusal is an ApiError with its code', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/siwe/authenticate', () => apiError(401, 'invalid_credentials', 'Invalid signature'))
    const { wallet } = createEthereumTestWallet()
    const error = await rejectionOf(loginWithSiwe(client, { wallet, ...page }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe('invalid_credentials')
    expect(client.getState().user).toBeNull()
  })
})

describe('loginWithSiws', () => {
  test('default: solana:signIn with domain, uri, Version 1, mainnet, nonce; ed25519 signature as base64', async () => {
    const { api, client } = setup()
    const { wallet, account, publicKey, state } = createSolanaTestWallet()
    const result = await loginWithSiws(client, { wallet, ...page })
    expect(result.wallet).toMatchObject({ address: account.address, chainType: 'solana', chainId: undefined })
    expect(api.callsTo('POST /api/v1/siws/init')[0]?.body).toEqual({ address: account.address })
    const body = api.callsTo('POST /api/v1/siws/authenticate')[0]?.body as Record<string, string>
    expect(body).not.toHaveProperty('chainId')
    expect(body).toMatchObject({ walletClientType: 'test_solana_wallet', connectorType: 'wallet_standard' })
    expect(body.message).toBe(state.signedTexts[0])
    expect(parseSignInMessageText(body.message ?? '')).toMatchObject({
      domain: page.domain,
      address: account.address,
      uri: page.uri,
      version: '1',
      chainId: 'mainnet',
      nonce: NONCE,
    })
    const signature = base64.decode(body.signature ?? '')
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, new TextEncoder().encode(body.message), publicKey)).toBe(true)
  })

  test('behavior: without solana:signIn, the text is built and signed with solana:signMessage', async () => {
    const { api, client } = setup()
    const { wallet, account, publicKey } = createSolanaTestWallet({ signIn: false })
    await loginWithSiws(client, { wallet, ...page })
    const body = api.callsTo('POST /api/v1/siws/authenticate')[0]?.body as Record<string, string>
    const message = body.message ?? ''
    expect(
      message.startsWith(
        `${page.domain} wants you to sign in with your Solana account:\n${account.address}\n\n`,
      ),
    ).toBe(true)
    expect(message).toContain('\nVersion: 1\nChain ID: mainnet\nNonce: ')
    expect(
      ed25519.verify(base64.decode(body.signature ?? ''), new TextEncoder().encode(message), publicKey),
    ).toBe(true)
  })

  test('error: a rejected sign-in is UserRejectedRequestError', async () => {
    const { api, client } = setup()
    const { wallet, state } = createSolanaTestWallet()
    state.rejectNext = true
    await expect(loginWithSiws(client, { wallet, ...page })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(api.callsTo('POST /api/v1/siws/authenticate')).toHaveLength(0)
  })
})

describe('linkWallet / unlinkWallet', () => {
  test('default: link posts to siwe/link or siws/link, then refreshes the held session', async () => {
    const { api, client } = setup()
    const issued = await api.issue()
    await client._internal.session.write({
      accessToken: issued.token,
      refreshToken: issued.refresh_token,
      identityToken: null,
    })
    client._internal.setState({ user: testUser })
    const eth = createEthereumTestWallet()
    const sol = createSolanaTestWallet()
    const { user } = await linkWallet(client, { wallet: eth.wallet, ...page })
    expect(user).toEqual(testUser)
    await linkWallet(client, { wallet: sol.wallet, ...page })
    expect(api.callsTo('POST /api/v1/siwe/link')).toHaveLength(1)
    expect(api.callsTo('POST /api/v1/siws/link')).toHaveLength(1)
    const body = api.callsTo('POST /api/v1/siwe/link')[0]?.body as Record<string, unknown>
    expect(body).not.toHaveProperty('mode')
    expect(client.getState().user).toEqual(testUser)
    // Each link is followed by a refresh of the session it kept: the first spends the token signed in with.
    const refreshes = api.callsTo('POST /api/v1/sessions').map((call) => call.body)
    expect(refreshes).toHaveLength(2)
    expect(refreshes[0]).toEqual({ refresh_token: issued.refresh_token })
  })

  test('default: unlink posts { address } to the family of the wallet', async () => {
    const { api, client } = setup()
    await client._internal.session.write({
      accessToken: (await api.issue()).token,
      refreshToken: 'refresh-x',
      identityToken: null,
    })
    api.on('POST /api/v1/siws/unlink', () => json(testUser))
    const user = await unlinkWallet(client, { address: 'So1ana', chainType: 'solana' })
    expect(user).toEqual(testUser)
    const call = api.callsTo('POST /api/v1/siws/unlink')[0]
    expect(call?.body).toEqual({ address: 'So1ana' })
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /)
  })

  test('error: linked_to_another_user is an ApiError', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/siwe/link', () =>
      apiError(400, 'linked_to_another_user', 'This account has already been linked to another user.'),
    )
    const { wallet } = createEthereumTestWallet()
    await expect(linkWallet(client, { wallet, ...page })).rejects.toMatchObject({
      code: 'linked_to_another_user',
    })
  })
})
