import { existsSync, readFileSync } from 'node:fs'
import {
  type Address,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  pad,
} from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { AA_ROOT } from './deployEntryPoints'

/**
 * The Safe singleton factory: a CREATE2 deployer (calldata `salt ‖ init code`) placed on each chain by a
 * presigned transaction of `@safe-global/safe-singleton-factory` (one per chain id, 31337 included). Safe's
 * contracts were deployed through it with salt 0.
 */
export const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

const ZERO_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000'

/** One Safe contract placed locally from a published artifact. */
export type SafeContract = {
  /** What it is, for messages. */
  name: string
  /** Its canonical address (what `permissionless`'s `toSafeSmartAccount` defaults to for Safe 1.4.1, EntryPoint v0.7). */
  address: Address
  /** The artifact under `aa/node_modules/`. */
  artifact: string
  /** ABI-encoded constructor arguments; none when absent. */
  constructorArguments?: Hex
  /**
   * The published build does not hash to the canonical address (the Safe 4337 module v0.3.0 and its setup
   * contract were deployed from another build of the same source): it is deployed through the factory at the
   * address its own init code gives, and its runtime code copied to the canonical address (`anvil_setCode`;
   * neither contract keeps its own address in an immutable, so the copy behaves the same).
   */
  copiedToCanonical?: true
}

const SAFE_ARTIFACTS = '@safe-global/safe-contracts/build/artifacts/contracts'
const MODULE_ARTIFACTS = '@safe-global/safe-4337/build/artifacts/contracts'

/** Safe 1.4.1, its proxy factory, MultiSend, and the Safe 4337 module v0.3.0 (EntryPoint v0.7) with its setup. */
export const SAFE_CONTRACTS: readonly SafeContract[] = [
  {
    name: 'Safe 1.4.1',
    address: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
    artifact: `${SAFE_ARTIFACTS}/Safe.sol/Safe.json`,
  },
  {
    name: 'SafeProxyFactory 1.4.1',
    address: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
    artifact: `${SAFE_ARTIFACTS}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`,
  },
  {
    name: 'MultiSend 1.4.1',
    address: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
    artifact: `${SAFE_ARTIFACTS}/libraries/MultiSend.sol/MultiSend.json`,
  },
  {
    name: 'MultiSendCallOnly 1.4.1',
    address: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
    artifact: `${SAFE_ARTIFACTS}/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json`,
  },
  {
    name: 'SafeModuleSetup 0.3.0',
    address: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
    artifact: `${MODULE_ARTIFACTS}/SafeModuleSetup.sol/SafeModuleSetup.json`,
    copiedToCanonical: true,
  },
  {
    name: 'Safe4337Module 0.3.0 (EntryPoint v0.7)',
    address: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
    artifact: `${MODULE_ARTIFACTS}/Safe4337Module.sol/Safe4337Module.json`,
    // constructor(address entryPoint)
    constructorArguments: pad(entryPoint07Address),
    copiedToCanonical: true,
  },
]

/** The contract's init code from its artifact, and the address the factory creates it at. */
function initCodeOf(contract: SafeContract, aaRoot: string): { initCode: Hex; createdAt: Address } {
  const path = `${aaRoot}node_modules/${contract.artifact}`
  if (!existsSync(path))
    throw new Error(`${contract.name}: ${path} is missing (aa/ is not installed: installAa())`)
  const { bytecode } = JSON.parse(readFileSync(path, 'utf8')) as { bytecode: Hex }
  const initCode = contract.constructorArguments
    ? concat([bytecode, contract.constructorArguments])
    : bytecode
  const createdAt = getContractAddress({
    opcode: 'CREATE2',
    from: SAFE_SINGLETON_FACTORY,
    salt: ZERO_SALT,
    bytecode: initCode,
  })
  if (!contract.copiedToCanonical && createdAt !== getAddress(contract.address))
    throw new Error(`${contract.name}: the artifact deploys to ${createdAt}, not ${contract.address}`)
  return { initCode, createdAt }
}

/**
 * Places the Safe singleton factory (its presigned transaction for the chain, the signer funded by the
 * deployer) and {@link SAFE_CONTRACTS} on an anvil, from `@safe-global/safe-singleton-factory`,
 * `@safe-global/safe-contracts` 1.4.1 and `@safe-global/safe-4337` 0.3.0 in aa/ (docs/smart-wallets-local.md).
 * What already has code is left as it is.
 *
 * @returns the addresses placed by this call
 * @throws Error when the chain has no presigned factory transaction, an artifact is missing or does not
 *   deploy where it should, or a deployment leaves no code
 */
export async function deploySafe(parameters: {
  rpcUrl: string
  deployerKey: Hex
  aaRoot?: string
}): Promise<Address[]> {
  const aaRoot = parameters.aaRoot ?? AA_ROOT
  const transport = http(parameters.rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 50 })
  const walletClient = createWalletClient({ account: privateKeyToAccount(parameters.deployerKey), transport })
  const testClient = createTestClient({ mode: 'anvil', transport })
  const chainId = await publicClient.getChainId()
  const placed: Address[] = []

  if (!(await publicClient.getCode({ address: SAFE_SINGLETON_FACTORY }))) {
    const path = `${aaRoot}node_modules/@safe-global/safe-singleton-factory/artifacts/${chainId}/deployment.json`
    if (!existsSync(path))
      throw new Error(`no presigned Safe singleton factory deployment for chain ${chainId}`)
    const deployment = JSON.parse(readFileSync(path, 'utf8')) as {
      gasPrice: number
      gasLimit: number
      signerAddress: Address
      transaction: Hex
    }
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.sendTransaction({
        chain: null,
        to: deployment.signerAddress,
        value: BigInt(deployment.gasPrice) * BigInt(deployment.gasLimit),
      }),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await publicClient.sendRawTransaction({ serializedTransaction: deployment.transaction }),
    })
    if (!(await publicClient.getCode({ address: SAFE_SINGLETON_FACTORY })))
      throw new Error(`the Safe singleton factory was not deployed at ${SAFE_SINGLETON_FACTORY}`)
    placed.push(SAFE_SINGLETON_FACTORY)
  }

  for (const contract of SAFE_CONTRACTS) {
    if (await publicClient.getCode({ address: contract.address })) continue
    const { initCode, createdAt } = initCodeOf(contract, aaRoot)
    if (!(await publicClient.getCode({ address: createdAt }))) {
      const hash = await walletClient.sendTransaction({
        chain: null,
        to: SAFE_SINGLETON_FACTORY,
        data: concat([ZERO_SALT, initCode]),
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success')
        throw new Error(`${contract.name} was not deployed (transaction ${hash})`)
    }
    const code = await publicClient.getCode({ address: createdAt })
    if (!code) throw new Error(`${contract.name} was not deployed at ${createdAt}`)
    if (contract.copiedToCanonical) await testClient.setCode({ address: contract.address, bytecode: code })
    placed.push(contract.address)
  }
  return placed
}
