import {
  type ChainType,
  type EmbeddedWallet,
  type FrameEvent,
  type FrameReply,
  type FrameRequestData,
  type FrameWallet,
  frameEventSchema,
  frameMessageSchemas,
  frameRequestSchema,
  rpcErrorCodes,
  type SupportedRecoveryMethod,
} from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { decryptRecoveryShare } from '../crypto/decryptRecoveryShare'
import { encryptRecoveryShare } from '../crypto/encryptRecoveryShare'
import { fromBase64 } from '../encoding/fromBase64'
import { toBase64 } from '../encoding/toBase64'
import { FrameRequestError } from '../errors/FrameRequestError'
import { createFarcasterSigner } from '../farcaster/createFarcasterSigner'
import { deriveEthereumAccount } from '../keys/deriveEthereumAccount'
import { deriveEthereumPrivateKey } from '../keys/deriveEthereumPrivateKey'
import { deriveSolanaKeypair, type SolanaKeypair } from '../keys/deriveSolanaKeypair'
import { generateEntropy } from '../keys/generateEntropy'
import { mnemonicFromEntropy } from '../keys/mnemonicFromEntropy'
import { proveWalletAddress } from '../keys/proveWalletAddress'
import { seedFromMnemonic } from '../keys/seedFromMnemonic'
import { AddressMismatchError, rebuildEntropy } from '../shares/rebuildEntropy'
import { splitEntropy } from '../shares/splitEntropy'
import { handleEthereumRpc } from '../signing/ethereum/handleEthereumRpc'
import { handleSolanaRpc } from '../signing/solana/handleSolanaRpc'
import { createTokenVerifier } from './createTokenVerifier'
import type { DeviceShareStore } from './DeviceShareStore'
import type { FrameApi } from './FrameApi'
import { FrameApiError } from './FrameApiError'
import { type FrameMfaEvent, handleMfaEvent, isFrameMfaEvent } from './handleMfaEvent'

/** What the export page displays, inside the frame only (never posted). */
export type ExportedKey = {
  chainType: ChainType
  address: string
  /** Ethereum: 0x-hex secp256k1 key; Solana: base58 of the 64-byte secret key (seed ‖ public key, Phantom's format). */
  privateKey: string
  /** The BIP39 phrase; only for non-imported Ethereum wallets when asked (spec 02 §2). */
  mnemonic: string | null
}

export type CreateFrameHandlerParameters = {
  appId: string
  api: FrameApi
  deviceShares: DeviceShareStore
  /** 'wallet' (hidden frame) or 'export' (export page: only ready, connect, recover and export). */
  mode: 'wallet' | 'export'
  /** Export page: renders the key in the frame's own DOM. */
  showExport?: ((key: ExportedKey) => void) | undefined
  /**
   * Hook run before the key is exported (and where MFA will be forced, spec 02 §4 "Exporting a wallet
   * forces MFA"); throw a `FrameRequestError('missing_or_invalid_mfa', …)` to refuse. Default: allow.
   */
  beforeExport?: ((parameters: { accessToken: string; chainType: ChainType }) => Promise<void>) | undefined
  /** fetch used for chain RPC (tests). */
  fetch?: typeof fetch | undefined
  now?: () => number
  /**
   * Called with failures that are not `FrameRequestError`s (bugs, platform errors) before the generic
   * reply; for diagnostics. Log names and messages only: never key material (checklist J.64).
   */
  onUnexpectedError?: ((error: unknown) => void) | undefined
}

/** The frame's message handler: a request object in, the reply to post back out. */
export type FrameHandler = {
  handle(message: unknown): Promise<FrameReply>
  /** Forgets every unlocked key (memory only). */
  clear(): void
}

type Unlocked = {
  owner: string
  chainType: ChainType
  entropyId: string
  recoveryMethod: EmbeddedWallet['recovery_method']
  imported: boolean
  entropy: Uint8Array
  seed: Uint8Array
  ethereum: Map<number, PrivateKeyAccount>
  solana: Map<number, SolanaKeypair>
}

const entropyKey = (chainType: ChainType, entropyId: string) =>
  `${chainType}:${chainType === 'ethereum' ? entropyId.toLowerCase() : entropyId}`

function toFrameWallet(wallet: EmbeddedWallet): FrameWallet {
  return {
    address: wallet.address,
    chainType: wallet.chain_type,
    walletIndex: wallet.wallet_index,
    entropyId: wallet.entropy_id,
    entropyIdVerifier: wallet.entropy_id_verifier,
    recoveryMethod: wallet.recovery_method,
    imported: wallet.imported,
  }
}

/** Maps a server failure to a frame error (messages are the server's, which never carry secrets). */
function fromApiError(error: unknown): unknown {
  if (!(error instanceof FrameApiError)) return error
  if (error.code === 'missing_or_invalid_token')
    return new FrameRequestError('error', 'Missing or invalid token', { code: rpcErrorCodes.unauthorized })
  if (error.code === 'missing_or_invalid_mfa')
    return new FrameRequestError('missing_or_invalid_mfa', error.message)
  if (
    error.code === 'mfa_timeout' ||
    error.code === 'mfa_verification_max_attempts_reached' ||
    error.code === 'twilio_verification_failed'
  )
    return new FrameRequestError(error.code, error.message)
  if (error.code === 'invalid_data') return new FrameRequestError('invalid_request_arguments', error.message)
  // The device key cannot be registered by this session (`docs/security.md#device-keys`): sign in again.
  if (error.code === 'reauthentication_required' || error.code === 'device_not_registered')
    return new FrameRequestError('reauthentication_required', error.message)
  return new FrameRequestError('error', error.message, { cause: error })
}

function errorReply(id: string, event: FrameEvent | string, error: unknown): FrameReply {
  if (error instanceof FrameRequestError)
    return {
      id,
      event,
      error: {
        type: error.type,
        message: error.message,
        ...(error.code === undefined ? {} : { code: error.code }),
      },
    }
  // Unknown failures: a fixed text, never the raw error (it could carry key material; checklist J.64).
  return {
    id,
    event,
    error: {
      type: 'error',
      message: 'An error has occurred, please try again.',
      code: rpcErrorCodes.internal,
    },
  }
}

/**
 * The wallet frame's logic, independent of the window (node-testable): validates every request with its
 * protocol schema, checks the access token (its own session state), keeps rebuilt keys in memory only,
 * keeps the device share (and the Farcaster signer key, see `createFarcasterSigner`) in `deviceShares`, talks to the server through `api`, and answers every request
 * — success or `{ type, message, code? }` error, never silence (STYLE §6). Origin and source checks happen
 * before, in `installFrameListener`.
 *
 * Errors (types, spec 02 §8): `invalid_request_arguments` (malformed request, 4200 for RPC params),
 * `wallet_not_on_device` (no device share and a user-owned recovery method), `invalid_recovery_pin` (wrong
 * password), `insufficient_funds`, `error` (4100 bad token, 4900 wallet not connected, -32603 internal).
 *
 * @example
 * const handler = createFrameHandler({ appId, api, deviceShares: createMemoryShareStore(), mode: 'wallet' })
 * const reply = await handler.handle({ id: '1', event: 'privy:iframe:ready', data: {} })
 */
export function createFrameHandler(parameters: CreateFrameHandlerParameters): FrameHandler {
  const { api, deviceShares } = parameters
  const verifyToken = createTokenVerifier({
    appId: parameters.appId,
    getJwks: () => api.getJwks(),
    ...(parameters.now ? { now: parameters.now } : {}),
  })
  const farcasterSigner = createFarcasterSigner({
    appId: parameters.appId,
    keys: deviceShares,
    initSigner: (accessToken, body) => callApi(() => api.initFarcasterSigner(accessToken, body)),
  })
  const unlocked = new Map<string, Unlocked>()
  const inFlight = new Map<string, Promise<Unlocked>>()
  const shareKey = (chainType: ChainType, entropyId: string) =>
    `${parameters.appId}:${entropyKey(chainType, entropyId)}`

  async function callApi<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action()
    } catch (error) {
      throw fromApiError(error)
    }
  }

  async function remember(
    owner: string,
    chainType: ChainType,
    wallet:
      | EmbeddedWallet
      | { entropyId: string; recoveryMethod: Unlocked['recoveryMethod']; imported: boolean },
    rebuilt: { entropy: Uint8Array; seed: Uint8Array },
  ): Promise<Unlocked> {
    const entropyId = 'entropy_id' in wallet ? wallet.entropy_id : wallet.entropyId
    const entry: Unlocked = {
      owner,
      chainType,
      entropyId,
      recoveryMethod: 'recovery_method' in wallet ? wallet.recovery_method : wallet.recoveryMethod,
      imported: wallet.imported,
      entropy: rebuilt.entropy,
      seed: rebuilt.seed,
      ethereum: new Map(),
      solana: new Map(),
    }
    unlocked.set(entropyKey(chainType, entropyId), entry)
    return entry
  }

  /** Auth share + recovery share → entropy; stores the recovered share as this device's share. */
  async function recover(
    accessToken: string,
    owner: string,
    chainType: ChainType,
    entropyId: string,
    password: string | undefined,
    /** The auth share the caller already holds: fetched once per unlock (export spends an MFA verification). */
    knownAuth?: Awaited<ReturnType<FrameApi['getAuthShare']>>,
  ): Promise<Unlocked> {
    const ref = { chain_type: chainType, entropy_id: entropyId }
    const [auth, material] = await callApi(() =>
      Promise.all([
        knownAuth ?? api.getAuthShare(accessToken, ref),
        api.getRecoveryMaterial(accessToken, ref),
      ]),
    )
    const recoveryShare = await decryptRecoveryShare({ material, chainType, entropyId, password })
    const rebuilt = await rebuildEntropy({
      shares: [fromBase64(auth.auth_share), recoveryShare],
      chainType,
      entropyId,
    })
    // The recovered share becomes this device's share: any one share alone reveals nothing (J.61).
    await deviceShares.set(shareKey(chainType, entropyId), recoveryShare)
    return remember(
      owner,
      chainType,
      { entropyId, recoveryMethod: auth.recovery_method, imported: auth.imported },
      rebuilt,
    )
  }

  /** Device share + auth share → entropy; without a usable device share, automatic recovery or `wallet_not_on_device`. */
  async function unlock(
    accessToken: string,
    owner: string,
    chainType: ChainType,
    entropyId: string,
  ): Promise<Unlocked> {
    const existing = unlocked.get(entropyKey(chainType, entropyId))
    if (existing && existing.owner === owner) return existing
    if (existing) unlocked.delete(entropyKey(chainType, entropyId))
    const flightKey = `${owner}|${entropyKey(chainType, entropyId)}`
    const pending = inFlight.get(flightKey)
    if (pending) return pending
    const work = (async () => {
      const auth = await callApi(() =>
        api.getAuthShare(accessToken, { chain_type: chainType, entropy_id: entropyId }),
      )
      const device = await deviceShares.get(shareKey(chainType, entropyId))
      if (device) {
        try {
          const rebuilt = await rebuildEntropy({
            shares: [device, fromBase64(auth.auth_share)],
            chainType,
            entropyId,
          })
          return remember(
            owner,
            chainType,
            { entropyId, recoveryMethod: auth.recovery_method, imported: auth.imported },
            rebuilt,
          )
        } catch (error) {
          if (!(error instanceof AddressMismatchError)) throw error
          // A stale share (the shares were re-split elsewhere): forget it and recover.
          await deviceShares.delete(shareKey(chainType, entropyId))
        }
      }
      if (auth.recovery_method === 'privy')
        return recover(accessToken, owner, chainType, entropyId, undefined, auth)
      throw new FrameRequestError('wallet_not_on_device', 'Wallet is not on this device')
    })()
    inFlight.set(flightKey, work)
    try {
      return await work
    } finally {
      inFlight.delete(flightKey)
    }
  }

  function ethereumAccount(entry: Unlocked, index: number): PrivateKeyAccount {
    let account = entry.ethereum.get(index)
    if (!account) {
      account = deriveEthereumAccount(entry.seed, index)
      entry.ethereum.set(index, account)
    }
    return account
  }
  function solanaKeypair(entry: Unlocked, index: number): SolanaKeypair {
    let keypair = entry.solana.get(index)
    if (!keypair) {
      keypair = deriveSolanaKeypair(entry.seed, index)
      entry.solana.set(index, keypair)
    }
    return keypair
  }

  async function create(
    data: {
      accessToken: string
      recoveryMethod?: SupportedRecoveryMethod | undefined
      recoveryPassword?: string | undefined
    },
    chainType: ChainType,
  ): Promise<FrameWallet> {
    const { subject } = await verifyToken(data.accessToken)
    const method = data.recoveryMethod ?? (data.recoveryPassword === undefined ? 'privy' : 'user-passcode')
    const entropy = generateEntropy()
    const seed = await seedFromMnemonic(mnemonicFromEntropy(entropy))
    const { address, signature } = await proveWalletAddress({
      seed,
      appId: parameters.appId,
      userId: subject,
      chainType,
      walletIndex: 0,
    })
    const shares = await splitEntropy(entropy)
    const recovery = await encryptRecoveryShare(
      method === 'privy'
        ? { recoveryShare: shares.recoveryShare, chainType, entropyId: address, recoveryMethod: 'privy' }
        : {
            recoveryShare: shares.recoveryShare,
            chainType,
            entropyId: address,
            recoveryMethod: 'user-passcode',
            password: data.recoveryPassword ?? '',
          },
    )
    const { wallet } = await callApi(() =>
      api.createWallet(data.accessToken, {
        chain_type: chainType,
        address,
        auth_share: toBase64(shares.authShare),
        recovery,
        address_signature: signature,
      }),
    )
    // Only after the server kept this entropy (a lost race must leave nothing behind).
    await deviceShares.set(shareKey(chainType, address), shares.deviceShare)
    await remember(subject, chainType, wallet, { entropy, seed })
    return toFrameWallet(wallet)
  }

  async function add(data: FrameRequestData<'privy:wallets:add'>): Promise<FrameWallet> {
    const { subject } = await verifyToken(data.accessToken)
    const entry = await unlock(data.accessToken, subject, data.chainType, data.entropyId)
    let index = data.walletIndex
    if (index === undefined) {
      const { wallets } = await callApi(() => api.listWallets(data.accessToken))
      const same = wallets.filter(
        (wallet) =>
          wallet.chain_type === data.chainType &&
          entropyKey(wallet.chain_type, wallet.entropy_id) === entropyKey(data.chainType, data.entropyId),
      )
      index = Math.max(0, ...same.map((wallet) => wallet.wallet_index)) + 1
    }
    const { address, signature } = await proveWalletAddress({
      seed: entry.seed,
      appId: parameters.appId,
      userId: subject,
      chainType: data.chainType,
      walletIndex: index,
    })
    const { wallet } = await callApi(() =>
      api.createAdditionalWallet(data.accessToken, {
        chain_type: data.chainType,
        entropy_id: entry.entropyId,
        wallet_index: index,
        address,
        address_signature: signature,
      }),
    )
    return toFrameWallet(wallet)
  }

  async function setRecovery(data: FrameRequestData<'privy:wallets:set-recovery'>) {
    const { subject } = await verifyToken(data.accessToken)
    const entry = await unlock(data.accessToken, subject, data.chainType, data.entropyId)
    const shares = await splitEntropy(entry.entropy)
    const base = {
      recoveryShare: shares.recoveryShare,
      chainType: data.chainType,
      entropyId: entry.entropyId,
    }
    const recovery = await encryptRecoveryShare(
      data.recoveryMethod === 'privy'
        ? { ...base, recoveryMethod: 'privy' }
        : { ...base, recoveryMethod: 'user-passcode', password: data.recoveryPassword ?? '' },
    )
    const { wallet } = await callApi(() =>
      api.setRecovery(data.accessToken, {
        chain_type: data.chainType,
        entropy_id: entry.entropyId,
        auth_share: toBase64(shares.authShare),
        recovery,
      }),
    )
    await deviceShares.set(shareKey(data.chainType, entry.entropyId), shares.deviceShare)
    entry.recoveryMethod = wallet.recovery_method
    return { chainType: data.chainType, entropyId: entry.entropyId, recoveryMethod: wallet.recovery_method }
  }

  async function rpc(
    data: FrameRequestData<'privy:wallets:rpc'>,
  ): Promise<{ method: string; result: unknown }> {
    const { subject } = await verifyToken(data.accessToken)
    const entry = unlocked.get(entropyKey(data.chainType, data.entropyId))
    if (!entry || entry.owner !== subject)
      throw new FrameRequestError('error', 'Wallet is not connected', { code: rpcErrorCodes.disconnected })
    const { method, params } = data.request
    if (data.chainType === 'ethereum') {
      const account = ethereumAccount(entry, data.walletIndex)
      if (data.address !== undefined && data.address.toLowerCase() !== account.address.toLowerCase())
        throw new FrameRequestError('invalid_request_arguments', 'Address does not match the wallet index')
      const result = await handleEthereumRpc({
        account,
        method,
        params,
        chainId: data.chainId,
        chains: data.chains,
        fetch: parameters.fetch,
      })
      return { method, result }
    }
    const keypair = solanaKeypair(entry, data.walletIndex)
    if (data.address !== undefined && data.address !== keypair.address)
      throw new FrameRequestError('invalid_request_arguments', 'Address does not match the wallet index')
    const result = await handleSolanaRpc({
      keypair,
      method,
      params,
      rpcUrl: data.rpcUrl,
      fetch: parameters.fetch,
    })
    return { method, result }
  }

  async function exportKey(data: FrameRequestData<'privy:wallets:export'>): Promise<{ address: string }> {
    const { subject } = await verifyToken(data.accessToken)
    await parameters.beforeExport?.({ accessToken: data.accessToken, chainType: data.chainType })
    const entry = await unlock(data.accessToken, subject, data.chainType, data.entropyId)
    if (!parameters.showExport) throw new FrameRequestError('error', 'Export is not available in this frame')
    if (data.chainType === 'ethereum') {
      const privateKey = bytesToHex(deriveEthereumPrivateKey(entry.seed, data.walletIndex))
      const address = ethereumAccount(entry, data.walletIndex).address
      const mnemonic = data.phraseExport && !entry.imported ? mnemonicFromEntropy(entry.entropy) : null
      parameters.showExport({ chainType: 'ethereum', address, privateKey, mnemonic })
      return { address }
    }
    const keypair = solanaKeypair(entry, data.walletIndex)
    const secret = new Uint8Array(64)
    secret.set(keypair.secretKey, 0)
    secret.set(ed25519.getPublicKey(keypair.secretKey), 32)
    parameters.showExport({
      chainType: 'solana',
      address: keypair.address,
      privateKey: getBase58Decoder().decode(secret),
      mnemonic: null,
    })
    return { address: keypair.address }
  }

  async function dispatch(event: FrameEvent, data: unknown): Promise<unknown> {
    if (event === 'privy:iframe:ready') return {}
    // Logout (the host sends it on every logout): forget every unlocked key.
    if (event === 'privy:mfa:clear') {
      unlocked.clear()
      return {}
    }
    // The export page answers export and the unlock events (a password wallet whose device share the
    // page cannot read — storage blocked — is recovered there); the hidden frame never exports.
    const handled =
      parameters.mode === 'export'
        ? event === 'privy:wallets:export' ||
          event === 'privy:wallets:connect' ||
          event === 'privy:wallets:recover'
        : event !== 'privy:wallets:export'
    if (!handled)
      throw new FrameRequestError('invalid_request_arguments', `${event} is not handled by this frame`)
    switch (event) {
      case 'privy:wallets:create':
        return create(data as FrameRequestData<'privy:wallets:create'>, 'ethereum')
      case 'privy:solana-wallet:create':
        return create(data as FrameRequestData<'privy:solana-wallet:create'>, 'solana')
      case 'privy:wallet:create': {
        const request = data as FrameRequestData<'privy:wallet:create'>
        return create(request, request.chainType)
      }
      case 'privy:wallets:add':
        return add(data as FrameRequestData<'privy:wallets:add'>)
      case 'privy:wallets:connect': {
        const request = data as FrameRequestData<'privy:wallets:connect'>
        const { subject } = await verifyToken(request.accessToken)
        const entry = await unlock(request.accessToken, subject, request.chainType, request.entropyId)
        return {
          chainType: entry.chainType,
          entropyId: entry.entropyId,
          recoveryMethod: entry.recoveryMethod,
        }
      }
      case 'privy:wallets:recover': {
        const request = data as FrameRequestData<'privy:wallets:recover'>
        const { subject } = await verifyToken(request.accessToken)
        const entry = await recover(
          request.accessToken,
          subject,
          request.chainType,
          request.entropyId,
          request.recoveryPassword,
        )
        return {
          chainType: entry.chainType,
          entropyId: entry.entropyId,
          recoveryMethod: entry.recoveryMethod,
        }
      }
      case 'privy:wallets:set-recovery':
        return setRecovery(data as FrameRequestData<'privy:wallets:set-recovery'>)
      case 'privy:wallets:rpc':
        return rpc(data as FrameRequestData<'privy:wallets:rpc'>)
      case 'privy:wallets:export':
        return exportKey(data as FrameRequestData<'privy:wallets:export'>)
      case 'privy:farcaster:init-signer': {
        const request = data as FrameRequestData<'privy:farcaster:init-signer'>
        const { subject } = await verifyToken(request.accessToken)
        return farcasterSigner.init(request.accessToken, subject)
      }
      case 'privy:farcaster:sign': {
        const request = data as FrameRequestData<'privy:farcaster:sign'>
        const { subject } = await verifyToken(request.accessToken)
        return farcasterSigner.sign(subject, request.payload.hash as `0x${string}`)
      }
    }
    if (isFrameMfaEvent(event)) {
      const request = data as FrameRequestData<FrameMfaEvent>
      await verifyToken(request.accessToken)
      return callApi(() => handleMfaEvent(api.mfa, event, request))
    }
  }

  return {
    async handle(message) {
      const envelope = frameRequestSchema.safeParse(message)
      if (!envelope.success) {
        const raw = (typeof message === 'object' && message !== null ? message : {}) as Record<
          string,
          unknown
        >
        const id = typeof raw.id === 'string' && raw.id.length <= 128 ? raw.id : ''
        const event = frameEventSchema.safeParse(raw.event)
        // An event the frame does not know is answered under its own name, so the host can match it.
        if (!event.success && typeof raw.event === 'string' && /^[\w:.-]{1,64}$/.test(raw.event))
          return errorReply(
            id,
            raw.event,
            new FrameRequestError('invalid_request_arguments', `${raw.event} is not handled by this frame`),
          )
        return errorReply(
          id,
          event.success ? event.data : 'privy:iframe:ready',
          new FrameRequestError('invalid_request_arguments', 'Invalid message: expected { id, event, data }'),
        )
      }
      const { id, event } = envelope.data
      const schemas = frameMessageSchemas[event]
      const data = schemas.request.safeParse(envelope.data.data ?? {})
      if (!data.success) {
        const issue = data.error.issues[0]
        const path = issue?.path.join('.')
        return errorReply(
          id,
          event,
          new FrameRequestError(
            'invalid_request_arguments',
            `Invalid ${event} data${path ? ` at ${path}` : ''}: ${issue?.message ?? 'invalid'}`,
          ),
        )
      }
      try {
        const result = await dispatch(event, data.data)
        const checked = schemas.reply.safeParse(result)
        if (!checked.success)
          throw new FrameRequestError('error', 'Invalid frame reply', { code: rpcErrorCodes.internal })
        return { id, event, data: checked.data }
      } catch (error) {
        if (!(error instanceof FrameRequestError)) parameters.onUnexpectedError?.(error)
        return errorReply(id, event, error)
      }
    },
    clear() {
      unlocked.clear()
    },
  }
}
