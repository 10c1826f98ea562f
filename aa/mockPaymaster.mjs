// Runs Pimlico's ERC-7677 mock paymaster (`@pimlico/mock-paymaster`, MIT) as its own process, started by
// scripts/devchain/startBundler.ts with `node --import ./loopbackPreload.mjs mockPaymaster.mjs` (the preload
// keeps it on 127.0.0.1 and prints the port it got). On start it places its singleton paymasters for
// EntryPoint v0.6, v0.7 and v0.8 with a deposit of 50 ETH each (funded with anvil_setBalance), then answers
// `pm_getPaymasterStubData` and `pm_getPaymasterData` and forwards every other method to the bundler.
//
// Usage: node --import ./loopbackPreload.mjs mockPaymaster.mjs <anvil RPC URL> <bundler URL> [port]
import { paymaster } from '@pimlico/mock-paymaster'

const [anvilRpc, altoRpc, port = '0'] = process.argv.slice(2)
if (!anvilRpc || !altoRpc) {
  process.stderr.write('usage: mockPaymaster.mjs <anvil RPC URL> <bundler URL> [port]\n')
  process.exit(2)
}

const instance = paymaster({ anvilRpc, altoRpc, port: Number(port), host: '127.0.0.1' })
try {
  await instance.start()
} catch (error) {
  process.stderr.write(`mock paymaster failed to start: ${error?.stack ?? error}\n`)
  process.exit(1)
}
process.stdout.write('mock paymaster ready\n')

for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    instance.stop().finally(() => process.exit(0))
  })
