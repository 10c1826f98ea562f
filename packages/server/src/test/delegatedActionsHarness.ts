import { generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import {
  type AuthorizationSignatureRequest,
  authorizationSignaturePayload,
  type DelegatedActionsWebhook,
  type DelegateWalletsRequest,
  delegatedShareAad,
  type FrameReply,
  userSchema,
  type WalletPolicy,
  walletPolicySchema,
} from '@foyer/protocol'
import { createFrameHandler, createMemoryDeviceKeyStore, type DeviceShareStore } from '@foyer/wallet-frame'
import type { FastifyInstance } from 'fastify'
import { createPublicClient, createTestClient, http, parseEther } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { type Anvil, startAnvil } from '../../../../scripts/devchain/startAnvil'
import { type SolanaRpc, startSolanaRpc } from '../../../../scripts/devchain/startSolanaRpc'
import { type AppStore, updateAppSettings } from '../features/apps/service'
import { delegatedActions } from '../features/delegatedActions/plugin'
import { createSigner } from '../features/delegatedActions/signer/createSigner'
import { generateSignerKeyPair, sealToSigner } from '../features/delegatedActions/signer/hpke'
import { createSignerServer } from '../features/delegatedActions/signer/signerServer'
import { createTestContext, type TestContext } from './createTestContext'
import { testFrameApi } from './testFrameApi'

// Delegated actions under test: the real frame (@foyer/wallet-frame, memory stores) creates and delegates a
// wallet on the real server; the signer runs behind its HTTP interface on a loopback port, its key only in
// the signer's server; the app's back end is played by signed requests to the wallet API; sends go to
// anvil. Test-only.
export const PUBLIC_URL = 'https://foyer.test'
export const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The litesvm cluster's CAIP-2 id (its genesis hash is the System Program's id). */
export const SOLANA_CAIP2 = 'solana:11111111111111111111111111111111'

/** The app's authorization key pair (P-256). */
export const appKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const appPublicKey = appKey.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')

/** Sends at most 0.01 ETH per transaction to RECIPIENT on 31337, signs messages, until `expiresAt` (s). */
export function sendPolicy(expiresAt = 4_000_000_000): WalletPolicy {
  return walletPolicySchema.parse({
    version: '1.0',
    name: 'Small sends to one address',
    chain_type: 'ethereum',
    rules: [
      {
        name: 'Send at most 0.01 ETH to the treasury',
        method: 'eth_sendTransaction',
        action: 'ALLOW',
        conditions: [
          { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: RECIPIENT },
          {
            field_source: 'ethereum_transaction',
            field: 'value',
            operator: 'lte',
            value: '10000000000000000',
          },
          { field_source: 'ethereum_transaction', field: 'chain_id', operator: 'eq', value: '31337' },
          {
            field_source: 'system',
            field: 'current_unix_timestamp',
            operator: 'lt',
            value: String(expiresAt),
          },
        ],
      },
      { name: 'Sign messages', method: 'personal_sign', action: 'ALLOW', conditions: [] },
      { name: 'Sign typed data', method: 'eth_signTypedData_v4', action: 'ALLOW', conditions: [] },
    ],
  })
}

/** How {@link useDelegatedActions}' `rpc` deviates from a well-signed request. */
export type RpcOptions = {
  key?: string | undefined
  appId?: string
  signWith?: typeof appKey.privateKey
  /** The body the signature covers, when another than the one sent. */
  signedBody?: unknown
  signature?: string
  /** The idempotency key the signature covers, when another than the one sent. */
  signedKey?: string
  /** The server instance that answers, when another than the file's (`app.inject`). */
  app?: FastifyInstance
}

/**
 * The file's server with the delegated-actions feature over anvil (and `databaseUrl`'s PostgreSQL when
 * given), started by a `beforeAll` hook (60 s) and stopped by an `afterAll` hook, and the steps of its tests:
 * `setDelegatedActions` (the demo app's setting; default: {@link sendPolicy}, 0.01 ETH a day),
 * `userWithWallet`, `rpc` (a request signed with {@link appKey} unless told otherwise), `send`, `fund`,
 * `chain`. Read its fields inside tests and hooks only.
 */
export function useDelegatedActions(options: { databaseUrl?: string | undefined; solana?: boolean } = {}) {
  const t = {} as TestContext
  let anvil: Anvil
  /** The litesvm Solana JSON-RPC (cluster `solana:1111…`), with `solana: true`. */
  const solana = {} as { rpc: SolanaRpc }
  let signerServer: ReturnType<typeof createSignerServer>
  /** The signer's URL and the secret the server signs its calls with. */
  const signerConnection = { url: '', secret: new Uint8Array(randomBytes(32)) }
  let appStore: AppStore
  async function setDelegatedActions(settings: {
    policy?: WalletPolicy | null
    daily_value_limit_wei?: string | null
    solana_policy?: WalletPolicy | null
    daily_lamports_limit?: string | null
    webhook?: DelegatedActionsWebhook | null
  }): Promise<void> {
    await updateAppSettings(
      t.db,
      t.demoApp.id,
      {
        delegated_actions: {
          authorization_public_keys: [appPublicKey],
          policy: settings.policy === undefined ? sendPolicy() : settings.policy,
          daily_value_limit_wei:
            settings.daily_value_limit_wei === undefined
              ? parseEther('0.01').toString()
              : settings.daily_value_limit_wei,
          webhook: settings.webhook ?? null,
          solana_policy: settings.solana_policy ?? null,
          daily_lamports_limit: settings.daily_lamports_limit ?? null,
        },
      },
      t.masterKey,
    )
    appStore.clear()
  }

  beforeAll(async () => {
    anvil = await startAnvil()
    if (options.solana) solana.rpc = await startSolanaRpc()
    const { privateKey } = await generateSignerKeyPair()
    signerServer = createSignerServer({
      signer: createSigner({ privateKey }),
      secret: signerConnection.secret,
    })
    await signerServer.listen({ host: '127.0.0.1', port: 0 })
    signerConnection.url = `http://127.0.0.1:${(signerServer.server.address() as AddressInfo).port}`
    const feature = delegatedActions({
      rpcUrls: { 31337: anvil.rpcUrl },
      webhookIntervalMs: 50,
      signer: signerConnection,
      ...(options.solana ? { solanaRpcUrls: { [SOLANA_CAIP2]: solana.rpc.rpcUrl } } : {}),
    })
    Object.assign(
      t,
      await createTestContext({
        ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
        publicUrl: PUBLIC_URL,
        // The server's app cache, so that a settings change shows at once.
        features: [
          {
            ...feature,
            routes: async (app, options) => {
              appStore = options.context.apps
              await feature.routes(app, options)
            },
          },
        ],
      }),
    )
    await setDelegatedActions({})
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await signerServer?.close()
    await solana.rpc?.stop()
    await anvil?.stop()
  })

  /** A signed-in user with a wallet made by the real frame; its device share as the frame keeps it. */
  async function userWithWallet(chainType: 'ethereum' | 'solana' = 'ethereum') {
    const auth = await t.signIn()
    const accessToken = auth.token!
    const shares = new Map<string, Uint8Array>()
    const deviceShares: DeviceShareStore = {
      get: async (key) => shares.get(key) ?? null,
      set: async (key, share) => void shares.set(key, share.slice()),
      delete: async (key) => void shares.delete(key),
    }
    const deviceKeys = createMemoryDeviceKeyStore()
    const api = testFrameApi(t, { deviceKeys })
    const handler = createFrameHandler({ appId: t.demoApp.id, api, deviceShares, mode: 'wallet', now: t.now })
    const reply: FrameReply = await handler.handle({
      id: 'r1',
      event: chainType === 'solana' ? 'privy:solana-wallet:create' : 'privy:wallets:create',
      data: { accessToken },
    })
    if ('error' in reply) throw new Error(reply.error.message)
    const address = (reply.data as { address: `0x${string}` }).address
    const share = Buffer.from([...shares.values()][0]!).toString('base64')
    /**
     * What the frame sends: `share` (base64, default the device share) encrypted to the signer, bound to
     * `terms` (default the app's terms as the server answers them now).
     */
    const encrypt = async (
      options: { share?: string; terms?: { policy: unknown; daily_value_limit_wei: string | null } } = {},
    ) => {
      const read = await api.getDelegations(accessToken, chainType)
      const terms = options.terms ?? read
      const aad = delegatedShareAad({
        appId: t.demoApp.id,
        userId: auth.user.id,
        chainType,
        entropyId: address,
        policy: terms.policy,
        dailyLimit: chainType === 'solana' ? read.daily_lamports_limit : terms.daily_value_limit_wei,
      })
      return sealToSigner(read.signer_public_key!, Buffer.from(options.share ?? share, 'base64'), aad)
    }
    const delegate = async (body: Partial<DelegateWalletsRequest> & Parameters<typeof encrypt>[0] = {}) => {
      const { share: plain, terms, ...rest } = body
      return api.delegateWallets(accessToken, {
        chain_type: chainType,
        entropy_id: address,
        wallet_indexes: [0],
        encrypted_share: await encrypt({ ...(plain ? { share: plain } : {}), ...(terms ? { terms } : {}) }),
        ...rest,
      })
    }
    const me = async () =>
      userSchema.parse(
        (await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: accessToken })).json().user,
      )
    /** The frame event the reference client posts on Accept. */
    const consent = (
      delegatedWallets: { address: string; chainType: 'ethereum' | 'solana'; walletIndex: number }[],
    ) =>
      handler.handle({
        id: `c${delegatedWallets.length}`,
        event: 'privy:delegated-actions:consent',
        data: {
          accessToken,
          rootWallet: { address, chainType, imported: false },
          delegatedWallets,
        },
      })
    /** Any frame event of this device (e.g. the user's own signing, or a re-split). */
    const frame = (event: string, data: Record<string, unknown>) =>
      handler.handle({ id: `f-${event}`, event, data: { accessToken, ...data } })
    return { accessToken, address, share, encrypt, delegate, consent, frame, me }
  }

  /** A wallet-API request as the app's back end sends it: signed with the app's authorization key. */
  async function rpc(walletId: string, body: unknown, options: RpcOptions = {}) {
    const key = 'key' in options ? options.key : randomUUID()
    const appId = options.appId ?? t.demoApp.id
    const url = `${PUBLIC_URL}/api/v1/wallets/${walletId}/rpc`
    const signed: AuthorizationSignatureRequest = {
      method: 'POST',
      url,
      body: options.signedBody ?? body,
      appId,
      idempotencyKey: options.signedKey ?? key,
    }
    const signature =
      options.signature ??
      sign('sha256', authorizationSignaturePayload(signed), options.signWith ?? appKey.privateKey).toString(
        'base64',
      )
    const headers = {
      'privy-authorization-signature': signature,
      ...(key === undefined ? {} : { 'privy-idempotency-key': key }),
    }
    if (options.app)
      return options.app.inject({
        method: 'POST',
        url: `/api/v1/wallets/${walletId}/rpc`,
        headers: { ...headers, 'privy-app-id': appId, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    return t.request({ method: 'POST', url: `/api/v1/wallets/${walletId}/rpc`, appId, headers, json: body })
  }

  const send = (value: bigint, to = RECIPIENT) => ({
    method: 'eth_sendTransaction',
    caip2: 'eip155:31337',
    params: { transaction: { to, value: `0x${value.toString(16)}` } },
  })

  const chain = () => createPublicClient({ transport: http(anvil.rpcUrl) })

  async function fund(address: `0x${string}`) {
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({
      address,
      value: parseEther('1'),
    })
  }

  return {
    t,
    solana,
    setDelegatedActions,
    userWithWallet,
    rpc,
    send,
    chain,
    fund,
    signerConnection,
    /** Anvil's JSON-RPC URL. */
    rpcUrl: () => anvil.rpcUrl,
    stopSigner: () => signerServer.close(),
  }
}
