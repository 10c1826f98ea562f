import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Where `@foundry-rs/anvil` puts the Linux x64 binary (nothing is downloaded; docs/architecture.md "Local
 * real components").
 */
export const ANVIL_PATH =
  process.env.ANVIL_PATH ??
  fileURLToPath(new URL('../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', import.meta.url))

/** Chain id of the local Ethereum dev chain. */
export const ANVIL_CHAIN_ID = 31337

/** Parameters of {@link startAnvil}. */
export type StartAnvilParameters = {
  /** TCP port on 127.0.0.1; `0` (default) lets the OS choose. */
  port?: number
  /** Chain id; default {@link ANVIL_CHAIN_ID} (31337). */
  chainId?: number
  /** Time to wait for anvil to listen, in ms; default 15 000. */
  startTimeoutMs?: number
  /** Called with every line anvil prints (default: dropped). */
  onLine?: (line: string) => void
}

/** A running anvil. */
export type Anvil = {
  /** JSON-RPC URL, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  port: number
  chainId: number
  /** Stops anvil: SIGINT, then SIGKILL after `timeoutMs` (default 3 000). Idempotent. */
  stop(timeoutMs?: number): Promise<void>
}

/**
 * Starts anvil on loopback (docs/architecture.md "Local real components": chain 31337, stop with SIGINT then
 * SIGKILL) and resolves once it prints `Listening on 127.0.0.1:<port>`. Dev tooling only.
 *
 * @throws Error when anvil exits or does not listen within `startTimeoutMs`.
 * @example
 * const anvil = await startAnvil({ port: 8545 })
 * // … use anvil.rpcUrl …
 * await anvil.stop()
 */
export async function startAnvil(parameters: StartAnvilParameters = {}): Promise<Anvil> {
  const chainId = parameters.chainId ?? ANVIL_CHAIN_ID
  const child = spawn(
    ANVIL_PATH,
    ['--host', '127.0.0.1', '--port', String(parameters.port ?? 0), '--chain-id', String(chainId)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error('anvil did not start in time'))
    }, parameters.startTimeoutMs ?? 15_000)
    let buffered = ''
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        parameters.onLine?.(line)
        const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(line)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`anvil exited with code ${code} before listening`))
    })
  })
  let stopping: Promise<void> | undefined
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    chainId,
    stop(timeoutMs = 3_000) {
      stopping ??= stopChild(child, timeoutMs)
      return stopping
    },
  }
}

/** SIGINT, then SIGKILL if the process is still alive after `timeoutMs`; resolves once it has exited. */
export function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGINT')
  })
}
