import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  pad,
} from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The deterministic deployment proxy (CREATE2 deployer) every canonical ERC-4337 contract was deployed
 * through: calldata `salt (32 bytes) ‖ init code`, new address `keccak256(0xff ‖ deployer ‖ salt ‖
 * keccak256(init code))[12:]` (EIP-1014). anvil has it at genesis.
 */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** The EntryPoint versions deployed locally. */
export type EntryPointVersion = '0.6' | '0.7' | '0.8'

/** The folder with its own lockfile that holds the published artifacts (docs/smart-wallets-local.md). */
export const AA_ROOT = fileURLToPath(new URL('../../aa/', import.meta.url))

/** One contract placed at its canonical address from a published artifact. */
export type CanonicalContract = {
  /** What it is, for messages, e.g. `EntryPoint v0.7`. */
  name: string
  /** Its address on every chain, where the same init code and salt were used. */
  address: Address
  /** The CREATE2 salt of its canonical deployment. */
  salt: Hex
  /** The npm package (an alias of `@account-abstraction/contracts`, in aa/package.json) and artifact. */
  artifact: { packageName: string; contractName: string }
  /** ABI-encoded constructor arguments appended to the artifact's bytecode; none when absent. */
  constructorArguments?: Hex
}

const ZERO_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000'

/** The EntryPoints at their canonical addresses (viem's `entryPoint0{6,7,8}Address`). */
export const ENTRY_POINTS: Record<EntryPointVersion, CanonicalContract> = {
  '0.6': {
    name: 'EntryPoint v0.6',
    address: entryPoint06Address,
    salt: ZERO_SALT,
    artifact: { packageName: 'entry-point-v06', contractName: 'EntryPoint' },
  },
  '0.7': {
    name: 'EntryPoint v0.7',
    address: entryPoint07Address,
    salt: '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
    artifact: { packageName: 'entry-point-v07', contractName: 'EntryPoint' },
  },
  '0.8': {
    name: 'EntryPoint v0.8',
    address: entryPoint08Address,
    salt: '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
    artifact: { packageName: 'entry-point-v08', contractName: 'EntryPoint' },
  },
}

/**
 * The `SimpleAccountFactory` of each version (the reference ERC-4337 account; `createAccount(owner, salt)`),
 * at the addresses the account libraries default to.
 */
export const SIMPLE_ACCOUNT_FACTORIES: Record<EntryPointVersion, CanonicalContract> = {
  '0.6': simpleAccountFactory('0.6', '0x9406Cc6185a346906296840746125a0E44976454'),
  '0.7': simpleAccountFactory('0.7', '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'),
  '0.8': simpleAccountFactory('0.8', '0x13E9ed32155810FDbd067D4522C492D6f68E5944'),
}

/** EntryPoint v0.8's `Simple7702Account`: the code an EOA delegates to under EIP-7702. */
export const SIMPLE_7702_ACCOUNT: CanonicalContract = {
  name: 'Simple7702Account (EntryPoint v0.8)',
  address: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
  salt: ZERO_SALT,
  artifact: { packageName: 'entry-point-v08', contractName: 'Simple7702Account' },
}

function simpleAccountFactory(version: EntryPointVersion, address: Address): CanonicalContract {
  return {
    name: `SimpleAccountFactory v${version}`,
    address,
    salt: ZERO_SALT,
    artifact: { packageName: `entry-point-v0${version.slice(2)}`, contractName: 'SimpleAccountFactory' },
    // constructor(IEntryPoint _entryPoint)
    constructorArguments: pad(ENTRY_POINTS[version].address),
  }
}

/** Every contract {@link deployEntryPoints} places, EntryPoints first (the factories' constructors read them). */
export const CANONICAL_CONTRACTS: readonly CanonicalContract[] = [
  ...Object.values(ENTRY_POINTS),
  ...Object.values(SIMPLE_ACCOUNT_FACTORIES),
  SIMPLE_7702_ACCOUNT,
]

/**
 * The contract's init code: the artifact's creation bytecode from `aa/node_modules/<package>/artifacts/`, then
 * its constructor arguments.
 *
 * @throws Error when the artifact is missing (aa/ not installed), or its init code does not hash to the
 *   contract's canonical address: a different build, which must not be placed under that address's name.
 */
export function initCodeOf(contract: CanonicalContract, aaRoot = AA_ROOT): Hex {
  const { packageName, contractName } = contract.artifact
  const path = `${aaRoot}node_modules/${packageName}/artifacts/${contractName}.json`
  if (!existsSync(path))
    throw new Error(`${contract.name}: ${path} is missing (aa/ is not installed: installAa())`)
  const artifact = JSON.parse(readFileSync(path, 'utf8')) as { bytecode: Hex }
  const initCode = contract.constructorArguments
    ? concat([artifact.bytecode, contract.constructorArguments])
    : artifact.bytecode
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: contract.salt,
    bytecode: initCode,
  })
  if (address !== getAddress(contract.address))
    throw new Error(
      `${contract.name}: the artifact ${packageName}/artifacts/${contractName}.json deploys to ${address}, not ${contract.address}`,
    )
  return initCode
}

/** Parameters of {@link deployEntryPoints}. */
export type DeployEntryPointsParameters = {
  /** anvil's JSON-RPC URL. */
  rpcUrl: string
  /** A key holding ETH on that chain: it pays the deployments. */
  deployerKey: Hex
  /** The aa/ folder, installed; default {@link AA_ROOT}. */
  aaRoot?: string
}

/**
 * Places {@link CANONICAL_CONTRACTS} (EntryPoint v0.6, v0.7 and v0.8, their `SimpleAccountFactory`, and
 * `Simple7702Account`) at their canonical addresses through the {@link DETERMINISTIC_DEPLOYER}, from the
 * published `@account-abstraction/contracts` artifacts: nothing compiled, nothing downloaded. A contract
 * whose address already has code is left as it is, so a second call does nothing.
 *
 * @returns the addresses deployed by this call (empty when all were there)
 * @throws Error when the deployer has no code, an artifact does not match its address
 *   ({@link initCodeOf}), or a deployment leaves no code
 */
export async function deployEntryPoints(parameters: DeployEntryPointsParameters): Promise<Address[]> {
  const transport = http(parameters.rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 50 })
  const chainId = await publicClient.getChainId()
  const account = privateKeyToAccount(parameters.deployerKey)
  const walletClient = createWalletClient({ account, transport })
  if (!(await publicClient.getCode({ address: DETERMINISTIC_DEPLOYER })))
    throw new Error(`no CREATE2 deployer at ${DETERMINISTIC_DEPLOYER} on chain ${chainId}`)

  const deployed: Address[] = []
  for (const contract of CANONICAL_CONTRACTS) {
    if (await publicClient.getCode({ address: contract.address })) continue
    const hash = await walletClient.sendTransaction({
      chain: null,
      to: DETERMINISTIC_DEPLOYER,
      data: concat([contract.salt, initCodeOf(contract, parameters.aaRoot)]),
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !(await publicClient.getCode({ address: contract.address })))
      throw new Error(`${contract.name} was not deployed at ${contract.address} (transaction ${hash})`)
    deployed.push(contract.address)
  }
  return deployed
}
