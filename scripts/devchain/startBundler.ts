import { type ChildProcess, spawn } from 'node:child_process'
import { type Address, createTestClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { installAa } from '../../aa/install.mjs'
import {
  AA_ROOT,
  deployEntryPoints,
  ENTRY_POINTS,
  type EntryPointVersion,
  SIMPLE_7702_ACCOUNT,
  SIMPLE_ACCOUNT_FACTORIES,
} from './deployEntryPoints'
import { deploySafe } from './deploySafe'
import { stopChild } from './startAnvil'

/** Alto's command line: run by Node as its own process, never imported (it is GPL-3.0). */
const ALTO_CLI = `${AA_ROOT}node_modules/@pimlico/alto/esm/cli/alto.js`
/** The mock paymaster's runner (aa/mockPaymaster.mjs). */
const PAYMASTER_RUNNER = `${AA_ROOT}mockPaymaster.mjs`
/** Keeps both processes on 127.0.0.1 and prints the port each listens on (aa/loopbackPreload.mjs). */
const LOOPBACK_PRELOAD = `${AA_ROOT}loopbackPreload.mjs`

/** What each of the bundler's keys gets on anvil, in wei (anvil_setBalance). */
const KEY_BALANCE = parseEther('1000')

/** Parameters of {@link startBundler}. */
export type StartBundlerParameters = {
  /** anvil's JSON-RPC URL (chain 31337, or any anvil: the contracts go to the same addresses). */
  anvilRpcUrl: string
  /** The bundler's port on 127.0.0.1; `0` (default) lets the OS choose. */
  port?: number
  /**
   * The ERC-7677 mock paymaster: `false` for none, or its port (`0` lets the OS choose); default `{ port: 0 }`.
   */
  paymaster?: false | { port?: number }
  /** Time for everything to be ready, in ms, after the first install; default 60 000. */
  startTimeoutMs?: number
  /** Called with every line the bundler or the paymaster prints (default: dropped; kept for errors). */
  onLine?: (source: 'bundler' | 'paymaster', line: string) => void
}

/** The local ERC-4337 stack on an anvil. */
export type LocalBundler = {
  /** The bundler's JSON-RPC URL (ERC-7769 `eth_sendUserOperation`, …), e.g. `http://127.0.0.1:4337`. */
  bundlerUrl: string
  /** The ERC-7677 paymaster's JSON-RPC URL; `undefined` when started with `paymaster: false`. */
  paymasterUrl: string | undefined
  /** The EntryPoints the bundler serves, at their canonical addresses. */
  entryPoints: Record<EntryPointVersion, Address>
  /** Each version's `SimpleAccountFactory`. */
  simpleAccountFactories: Record<EntryPointVersion, Address>
  /** EntryPoint v0.8's `Simple7702Account` (EIP-7702 delegation target). */
  simple7702Account: Address
  /** The bundler's executor (sends the bundles) and utility (deploys, refills) accounts. */
  accounts: { executor: Address; utility: Address }
  /** Stops the paymaster, then the bundler (each SIGINT, then SIGKILL after `timeoutMs`, default 3 000). */
  stop(timeoutMs?: number): Promise<void>
}

/**
 * Starts the local ERC-4337 stack on a running anvil (docs/smart-wallets-local.md): installs aa/ on first use
 * (`npm ci`, under a lock), funds two fresh keys with anvil_setBalance, places EntryPoint v0.6, v0.7 and v0.8,
 * their `SimpleAccountFactory` and `Simple7702Account` at their canonical addresses ({@link deployEntryPoints}),
 * Safe 1.4.1 with the Safe 4337 module ({@link deploySafe}),
 * then starts the Alto bundler and, unless turned off, Pimlico's ERC-7677 mock paymaster (whose start places
 * its own paymasters with a deposit), each as a Node child process on 127.0.0.1. If a step fails, what
 * started is stopped before the error is rethrown. Dev tooling only.
 *
 * @throws Error when aa/ fails to install, a contract does not deploy, or a process exits or is not ready
 *   within `startTimeoutMs` (with its last lines of output)
 * @example
 * const anvil = await startAnvil()
 * const bundler = await startBundler({ anvilRpcUrl: anvil.rpcUrl })
 * // … createBundlerClient({ transport: http(bundler.bundlerUrl) }) …
 * await bundler.stop()
 * await anvil.stop()
 */
export async function startBundler(parameters: StartBundlerParameters): Promise<LocalBundler> {
  await installAa()
  const deadline = Date.now() + (parameters.startTimeoutMs ?? 60_000)
  const utilityKey = generatePrivateKey()
  const executorKey = generatePrivateKey()
  const utility = privateKeyToAccount(utilityKey).address
  const executor = privateKeyToAccount(executorKey).address
  const testClient = createTestClient({ mode: 'anvil', transport: http(parameters.anvilRpcUrl) })
  for (const address of [utility, executor]) await testClient.setBalance({ address, value: KEY_BALANCE })
  await deployEntryPoints({ rpcUrl: parameters.anvilRpcUrl, deployerKey: utilityKey })
  await deploySafe({ rpcUrl: parameters.anvilRpcUrl, deployerKey: utilityKey })

  const started: ChildProcess[] = []
  const stop = async (timeoutMs = 3_000) => {
    for (const child of started.reverse()) await stopChild(child, timeoutMs)
  }
  try {
    const bundler = await startNodeProcess({
      name: 'bundler',
      args: [ALTO_CLI, ...altoArguments(parameters, { executorKey, utilityKey })],
      deadline,
      onLine: parameters.onLine,
      started,
    })
    const bundlerUrl = `http://127.0.0.1:${bundler.port}`
    let paymasterUrl: string | undefined
    if (parameters.paymaster !== false) {
      const paymaster = await startNodeProcess({
        name: 'paymaster',
        args: [PAYMASTER_RUNNER, parameters.anvilRpcUrl, bundlerUrl, String(parameters.paymaster?.port ?? 0)],
        readyLine: /^mock paymaster ready$/,
        deadline,
        onLine: parameters.onLine,
        started,
      })
      paymasterUrl = `http://127.0.0.1:${paymaster.port}`
    }
    let stopping: Promise<void> | undefined
    return {
      bundlerUrl,
      paymasterUrl,
      entryPoints: addresses(ENTRY_POINTS),
      simpleAccountFactories: addresses(SIMPLE_ACCOUNT_FACTORIES),
      simple7702Account: SIMPLE_7702_ACCOUNT.address,
      accounts: { executor, utility },
      stop(timeoutMs) {
        stopping ??= stop(timeoutMs)
        return stopping
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Alto's options (its `--help`): the three EntryPoints, anvil, the two keys; no safe mode (its tracer needs
 * `debug_traceCall` with geth's JavaScript tracers, which anvil does not run); the simulation contracts
 * deployed by the utility key on start; CORS on for the demo's page; warnings and errors only.
 */
function altoArguments(
  parameters: StartBundlerParameters,
  keys: { executorKey: Hex; utilityKey: Hex },
): string[] {
  return [
    '--entrypoints',
    Object.values(ENTRY_POINTS)
      .map((entryPoint) => entryPoint.address)
      .join(','),
    '--rpc-url',
    parameters.anvilRpcUrl,
    '--port',
    String(parameters.port ?? 0),
    '--executor-private-keys',
    keys.executorKey,
    '--utility-private-key',
    keys.utilityKey,
    '--safe-mode',
    'false',
    '--deploy-simulations-contract',
    'true',
    '--utility-wallet-monitor',
    'false',
    '--enable-cors',
    'true',
    '--log-level',
    'warn',
  ]
}

function addresses<T extends Record<EntryPointVersion, { address: Address }>>(
  contracts: T,
): Record<EntryPointVersion, Address> {
  return {
    '0.6': contracts['0.6'].address,
    '0.7': contracts['0.7'].address,
    '0.8': contracts['0.8'].address,
  }
}

/** How many of a process's last output lines an error quotes. */
const KEPT_LINES = 30

/**
 * Starts `node --import aa/loopbackPreload.mjs <args>` in aa/ with the environment less Alto's own `ALTO_*`
 * variables, and resolves with the port of its first `listening on http://127.0.0.1:<port>` line, once
 * `readyLine` (when given) has been printed too. The child joins `started` as soon as it is spawned.
 */
async function startNodeProcess(options: {
  name: 'bundler' | 'paymaster'
  args: string[]
  readyLine?: RegExp
  deadline: number
  onLine: StartBundlerParameters['onLine']
  started: ChildProcess[]
}): Promise<{ port: number }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ALTO_')))
  const child = spawn(process.execPath, ['--import', LOOPBACK_PRELOAD, ...options.args], {
    cwd: AA_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  options.started.push(child)
  const lastLines: string[] = []
  return new Promise((resolve, reject) => {
    let port: number | undefined
    let ready = options.readyLine === undefined
    const fail = (reason: string) => {
      clearTimeout(timer)
      reject(new Error(`the ${options.name} ${reason}; its last lines:\n${lastLines.join('\n')}`))
    }
    const timer = setTimeout(() => fail('was not ready in time'), Math.max(0, options.deadline - Date.now()))
    let buffered = ''
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        options.onLine?.(options.name, line)
        lastLines.push(line)
        if (lastLines.length > KEPT_LINES) lastLines.shift()
        const listening = /^listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(line)
        if (listening && port === undefined) port = Number(listening[1])
        if (options.readyLine?.test(line)) ready = true
        if (port !== undefined && ready) {
          clearTimeout(timer)
          resolve({ port })
        }
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('error', (error) => fail(`could not start (${error.message})`))
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before it was ready`))
  })
}
