import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** A running anvil (chain 31337) on a free loopback port; `stop()` sends SIGINT, then SIGKILL after 2 s. */
export type Anvil = { rpcUrl: string; stop(): Promise<void> }

/** Starts `@foundry-rs/anvil` for a test file (tests only; nothing is downloaded). */
export async function startAnvil(): Promise<Anvil> {
  const require = createRequire(import.meta.url)
  const binary = join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin/anvil')
  const child: ChildProcess = spawn(binary, ['--host', '127.0.0.1', '--port', '0', '--chain-id', '31337'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${output}`)), 15_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Listening on (\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(`http://${match[1]}`)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`anvil exited with ${code}: ${output}`))
    })
  })
  return {
    rpcUrl,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
      await exited
      clearTimeout(timer)
    },
  }
}
