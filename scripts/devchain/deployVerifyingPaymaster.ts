import type { Address } from 'viem'
import { installAa } from '../../aa/install.mjs'
import { AA_ROOT } from './deployEntryPoints'

/** Pimlico's mock-paymaster build in aa/ (MIT): its set-up deploys the singleton paymasters for a signer. */
const MOCK_PAYMASTER = `${AA_ROOT}node_modules/@pimlico/mock-paymaster/_esm/`

/**
 * Places Pimlico's `SingletonPaymasterV8` (and its v0.6 and v0.7 siblings) whose only signer is `signer`
 * on the anvil at `anvilRpcUrl`, through the CREATE2 deployer at the address its constructor arguments give,
 * with a deposit of 50 ETH at each EntryPoint (`deployPaymasters` of `@pimlico/mock-paymaster`, which funds
 * its own deployer with anvil_setBalance). The EntryPoints must be deployed first (`deployEntryPoints`).
 * Idempotent. Dev tooling only (docs/gas-sponsorship.md#locally).
 *
 * @returns the EntryPoint v0.8 paymaster's address
 * @example const paymaster = await deployVerifyingPaymaster({ anvilRpcUrl: anvil.rpcUrl, signer: account.address })
 */
export async function deployVerifyingPaymaster(parameters: {
  anvilRpcUrl: string
  signer: Address
}): Promise<Address> {
  await installAa()
  const setup = (await import(`${MOCK_PAYMASTER}setup.js`)) as {
    deployPaymasters(options: { anvilRpc: string; paymasterSigner: Address }): Promise<void>
  }
  const constants = (await import(`${MOCK_PAYMASTER}constants.js`)) as {
    getSingletonPaymaster08Address(signer: Address): Address
  }
  await setup.deployPaymasters({ anvilRpc: parameters.anvilRpcUrl, paymasterSigner: parameters.signer })
  return constants.getSingletonPaymaster08Address(parameters.signer)
}
