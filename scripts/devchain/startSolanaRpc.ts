import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type ReadonlyUint8Array,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'

/** Fee per signature the dev chain charges, in lamports (Solana's default). */
export const SOLANA_DEV_FEE_PER_SIGNATURE = 5000

/** Parameters of {@link startSolanaRpc}. */
export type StartSolanaRpcParameters = {
  /** TCP port on 127.0.0.1; `0` (default) lets the OS choose. */
  port?: number
}

/** A running Solana JSON-RPC over litesvm. */
export type SolanaRpc = {
  /** JSON-RPC URL, e.g. `http://127.0.0.1:8899`. */
  rpcUrl: string
  port: number
  /** The in-process chain, for tests that want to look inside. */
  svm: LiteSVM
  /** Closes the HTTP server. Idempotent. */
  stop(): Promise<void>
}

type JsonRpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown }
type Result = { result: unknown } | { error: { code: number; message: string; data?: unknown } }
type Status = { slot: bigint; err: unknown; logs: string[] }

const base58 = { encode: getBase58Decoder(), decode: getBase58Encoder() }
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'

/**
 * What an Agave validator answers to `getFeeForMessage`: 5 000 lamports per signature plus the
 * prioritization fee (compute-unit price in micro-lamports × compute-unit limit / 10^6, rounded up; the
 * limit 200 000 per other instruction, at most 1 400 000, without `SetComputeUnitLimit`).
 */
function feeForMessage(bytes: ReadonlyUint8Array): number {
  const message = getCompiledTransactionMessageDecoder().decode(bytes) as unknown as {
    header: { numSignerAccounts: number }
    staticAccounts: string[]
    instructions: { programAddressIndex: number; data?: ReadonlyUint8Array }[]
  }
  let limit: bigint | undefined
  let price = 0n
  let others = 0n
  for (const instruction of message.instructions) {
    const data = Uint8Array.from(instruction.data ?? [])
    const view = new DataView(data.buffer)
    if (message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) others++
    else if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
    else if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
  }
  const units = limit ?? (others * 200_000n < 1_400_000n ? others * 200_000n : 1_400_000n)
  const priority = (price * units + 999_999n) / 1_000_000n
  return message.header.numSignerAccounts * SOLANA_DEV_FEE_PER_SIGNATURE + Number(priority)
}
const base64 = getBase64Encoder()
const transactionDecoder = getTransactionDecoder()

/**
 * Starts a small Solana JSON-RPC server over an in-process `litesvm` chain, on loopback, for the demo and
 * the end-to-end tests (docs/architecture.md "Local real components": no validator installs here). Dev
 * tooling only: the product talks to any Solana RPC URL.
 *
 * Methods: `getLatestBlockhash`, `getBalance`, `getAccountInfo`, `sendTransaction` (base64 or base58),
 * `simulateTransaction`, `getSignatureStatuses`, `getTransaction` (logs and error only), `requestAirdrop`,
 * `getMinimumBalanceForRentExemption`, `getFeeForMessage`, `getSlot`, `getBlockHeight`, `getEpochInfo`,
 * `getHealth`, `getVersion`, `getGenesisHash`, `getRecentPrioritizationFees`. Answers CORS from any origin.
 * Every accepted transaction is final at once (`confirmationStatus: 'finalized'`).
 *
 * @example
 * const solana = await startSolanaRpc({ port: 8899 })
 * await fetch(solana.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }) })
 */
export async function startSolanaRpc(parameters: StartSolanaRpcParameters = {}): Promise<SolanaRpc> {
  const svm = new LiteSVM()
  const statuses = new Map<string, Status>()

  const slot = () => svm.getClock().slot
  const context = () => ({ slot: slot(), apiVersion: '2.2.0' })
  const record = (signature: string, outcome: TransactionMetadata | FailedTransactionMetadata) => {
    const failed = outcome instanceof FailedTransactionMetadata
    const meta = failed ? outcome.meta() : outcome
    const status: Status = {
      slot: slot(),
      err: failed ? String(outcome.toString()) : null,
      logs: meta.logs(),
    }
    statuses.set(signature, status)
    return status
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => '11111111111111111111111111111111',
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getEpochInfo: () => ({
      absoluteSlot: slot(),
      blockHeight: slot(),
      epoch: 0,
      slotIndex: slot(),
      slotsInEpoch: 432000,
      transactionCount: statuses.size,
    }),
    getRecentPrioritizationFees: () => [],
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150n },
    }),
    getBalance: ([account]) => ({ context: context(), value: svm.getBalance(toAddress(account)) ?? 0n }),
    getAccountInfo: ([account]) => {
      const info = svm.getAccount(toAddress(account))
      if (!info.exists) return { context: context(), value: null }
      return {
        context: context(),
        value: {
          data: [Buffer.from(info.data).toString('base64'), 'base64'],
          executable: info.executable,
          lamports: info.lamports,
          owner: info.programAddress,
          rentEpoch: 0,
          space: info.data.length,
        },
      }
    },
    getMinimumBalanceForRentExemption: ([size]) => svm.minimumBalanceForRentExemption(BigInt(Number(size))),
    getFeeForMessage: ([message]) => ({
      context: context(),
      value: feeForMessage(base64.encode(String(message))),
    }),
    requestAirdrop: ([account, amount]) => {
      const outcome = svm.airdrop(toAddress(account), lamports(BigInt(Number(amount))))
      if (!outcome) throw rpcError(-32603, 'airdrop failed')
      const signature = base58.encode.decode(
        (outcome instanceof FailedTransactionMetadata ? outcome.meta() : outcome).signature(),
      )
      const status = record(signature, outcome)
      if (status.err) throw rpcError(-32002, `airdrop failed: ${String(status.err)}`)
      return signature
    },
    sendTransaction: ([wire, config]) => {
      const transaction = decodeTransaction(wire, config)
      const signatureBytes = Object.values(transaction.signatures)[0]
      if (!signatureBytes) throw rpcError(-32602, 'transaction is not signed')
      const signature = base58.encode.decode(signatureBytes)
      const outcome = svm.sendTransaction(transaction)
      const status = record(signature, outcome)
      if (status.err) {
        throw rpcError(-32002, `Transaction simulation failed: ${String(status.err)}`, {
          err: status.err,
          logs: status.logs,
          accounts: null,
          unitsConsumed: 0,
        })
      }
      svm.warpToSlot(slot() + 1n)
      return signature
    },
    simulateTransaction: ([wire, config]) => {
      const outcome = svm.simulateTransaction(decodeTransaction(wire, config))
      const failed = outcome instanceof FailedTransactionMetadata
      const meta = failed ? outcome.meta() : outcome.meta()
      return {
        context: context(),
        value: {
          err: failed ? String(outcome.toString()) : null,
          logs: meta.logs(),
          accounts: null,
          unitsConsumed: meta.computeUnitsConsumed(),
          returnData: null,
        },
      }
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (Array.isArray(signatures) ? signatures : []).map((signature) => {
        const status = statuses.get(String(signature))
        return status
          ? {
              slot: status.slot,
              confirmations: null,
              err: status.err,
              status: status.err ? { Err: status.err } : { Ok: null },
              confirmationStatus: 'finalized',
            }
          : null
      }),
    }),
    getTransaction: ([signature]) => {
      const status = statuses.get(String(signature))
      if (!status) return null
      return {
        slot: status.slot,
        blockTime: Math.floor(Date.now() / 1000),
        meta: { err: status.err, logMessages: status.logs, fee: SOLANA_DEV_FEE_PER_SIGNATURE },
        transaction: null,
      }
    },
  }

  const handle = (request: JsonRpcRequest): Result => {
    const method = typeof request.method === 'string' ? methods[request.method] : undefined
    if (!method) return { error: { code: -32601, message: `Method not found: ${String(request.method)}` } }
    try {
      return { result: method(Array.isArray(request.params) ? request.params : []) }
    } catch (error) {
      if (isRpcError(error)) return { error: error.rpc }
      return { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }
    }
  }

  const server = createServer((request, response) => {
    void serve(request, response, handle)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  let stopping: Promise<void> | undefined
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    svm,
    stop() {
      stopping ??= new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopping
    },
  }
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  handle: (request: JsonRpcRequest) => Result,
): Promise<void> {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-methods', 'POST, OPTIONS')
  response.setHeader('access-control-allow-headers', 'content-type, solana-client')
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end()
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405).end()
    return
  }
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    send(response, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    return
  }
  const answer = (one: unknown) => {
    const call = (typeof one === 'object' && one !== null ? one : {}) as JsonRpcRequest
    return { jsonrpc: '2.0', id: call.id ?? null, ...handle(call) }
  }
  send(response, Array.isArray(body) ? body.map(answer) : answer(body))
}

/** JSON with bigints as numbers (every value here is far below 2^53). */
function send(response: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body, (_key, value) => (typeof value === 'bigint' ? Number(value) : value))
  response.writeHead(200, { 'content-type': 'application/json' }).end(text)
}

function decodeTransaction(wire: unknown, config: unknown) {
  const encoding = (config as { encoding?: string } | undefined)?.encoding ?? 'base58'
  const text = String(wire)
  const bytes = encoding === 'base64' ? base64.encode(text) : base58.decode.encode(text)
  try {
    return transactionDecoder.decode(bytes)
  } catch (cause) {
    throw rpcError(-32602, `invalid transaction: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
}

function toAddress(value: unknown): Address {
  try {
    return address(String(value))
  } catch {
    throw rpcError(-32602, `Invalid param: Invalid ${String(value)}`)
  }
}

type RpcError = Error & { rpc: { code: number; message: string; data?: unknown } }

function rpcError(code: number, message: string, data?: unknown): RpcError {
  return Object.assign(new Error(message), {
    rpc: data === undefined ? { code, message } : { code, message, data },
  })
}

function isRpcError(error: unknown): error is RpcError {
  return error instanceof Error && 'rpc' in error
}
