// The README's test command (`npm test`): type-check, lint, unit tests, end-to-end tests, then the interop
// suite with the published reference clients (docs/interop.md). The clients' own install (about 1.3 GB, a few
// minutes of mostly network and disk) and the local ERC-4337 stack's (aa/, about 400 MB) start first, in the
// background, so they overlap the other steps instead of adding to them. Stops at the first failing step, with its exit code.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { installAa } from '../aa/install.mjs'
import { installClientsInBackground } from '../interop/support/installClients.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs `npm run <script>` with the terminal's output; resolves with its exit code. */
function npmRun(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' })
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const started = Date.now()
// The local ERC-4337 stack (aa/, docs/smart-wallets-local.md) installs in the background too; its unit test
// waits for it under the install's lock. A failure here is left to that test to report (it retries).
installAa().catch(() => {})
const install = installClientsInBackground().then(
  (result) => ({ ok: true, result }),
  (error) => ({ ok: false, error }),
)
for (const script of ['typecheck', 'lint', 'test:unit', 'test:e2e']) {
  const code = await npmRun(script)
  if (code !== 0) {
    process.stderr.write(`\nnpm test: ${script} failed (exit ${code})\n`)
    // The background install is left to finish on its own; nothing waits for it.
    process.exit(code)
  }
}
const installed = await install
if (!installed.ok) {
  process.stderr.write(`\nnpm test: ${installed.error.message}\n`)
  process.exit(1)
}
if (installed.result.installed)
  process.stdout.write(
    `\nnpm test: the interop clients were installed in ${(installed.result.ms / 1000).toFixed(0)} s, in the background\n`,
  )
const code = await npmRun('test:interop')
process.stdout.write(
  `\nnpm test: ${code === 0 ? 'passed' : `test:interop failed (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s\n`,
)
process.exit(code)
