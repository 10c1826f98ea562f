import type { RpcUserOperation } from '@foyer/protocol'
import {
  type Address,
  concat,
  createPublicClient,
  encodePacked,
  type Hex,
  hexToBigInt,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  stringToHex,
  zeroHash,
} from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The first byte of a verifying-mode `paymasterData` of Pimlico's `SingletonPaymasterV8`: mode 0 (verifying)
 * shifted left by one, and the low bit set (any bundler may submit the operation).
 */
const VERIFYING_MODE_ANY_BUNDLER = 1
/** `SingletonPaymasterV8.getHash(uint8 mode, PackedUserOperation)`: what the paymaster signer signs (EIP-191). */
const paymasterAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(uint8 mode, PackedUserOperation userOp) view returns (bytes32)',
])

/** The paymaster gas limits a stub answers: verification (the signature check, the EIP-7702 code read) and postOp. */
export const STUB_PAYMASTER_GAS = { verification: 60_000n, postOp: 1n } as const

/** How long a paymaster signature is valid, in seconds (the sponsored expiry of docs/gas-sponsorship.md). */
export const SPONSORSHIP_VALIDITY_SECONDS = 300

/** EIP-7702's delegation designator: `0xef0100 ‖ delegate`. */
export const delegationDesignator = (delegate: Address): Hex => concat(['0xef0100', delegate])

let stubSignature: Promise<Hex> | undefined
/**
 * A 65-byte ECDSA signature that recovers (to an address no paymaster trusts): the stub's, so the
 * paymaster's signature check runs in the bundler's gas estimate instead of reverting.
 */
function stubPaymasterSignature(): Promise<Hex> {
  stubSignature ??= privateKeyToAccount(keccak256(stringToHex('foyer paymaster stub'))).sign({
    hash: zeroHash,
  })
  return stubSignature
}

/** A verifying-mode `paymasterData` without its signature: mode byte, `validUntil`, `validAfter` (uint48 each). */
export function verifyingPaymasterConfig(validUntil: number, validAfter = 0): Hex {
  return encodePacked(['uint8', 'uint48', 'uint48'], [VERIFYING_MODE_ANY_BUNDLER, validUntil, validAfter])
}

/** ERC-7677 stub data for `paymaster`: the config with no expiry and a recovering dummy signature. */
export async function stubPaymasterData(paymaster: Address) {
  return {
    paymaster,
    paymasterData: concat([verifyingPaymasterConfig(0), await stubPaymasterSignature()]),
    paymasterVerificationGasLimit: `0x${STUB_PAYMASTER_GAS.verification.toString(16)}` as Hex,
    paymasterPostOpGasLimit: `0x${STUB_PAYMASTER_GAS.postOp.toString(16)}` as Hex,
  }
}

/** The operation's fields as viem's `UserOperation` (bigints) with `paymaster` and `paymasterData` set. */
export function toUserOperation(operation: RpcUserOperation, paymaster: Address, paymasterData: Hex) {
  const big = (value: string | null | undefined) => (value ? hexToBigInt(value as Hex) : 0n)
  return {
    sender: operation.sender as Address,
    nonce: big(operation.nonce),
    ...(operation.factory ? { factory: operation.factory as Address } : {}),
    ...(operation.factoryData ? { factoryData: operation.factoryData as Hex } : {}),
    callData: operation.callData as Hex,
    callGasLimit: big(operation.callGasLimit),
    verificationGasLimit: big(operation.verificationGasLimit),
    preVerificationGas: big(operation.preVerificationGas),
    maxFeePerGas: big(operation.maxFeePerGas),
    maxPriorityFeePerGas: big(operation.maxPriorityFeePerGas),
    paymaster,
    paymasterData,
    paymasterVerificationGasLimit: big(operation.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: big(operation.paymasterPostOpGasLimit),
    signature: (operation.signature ?? '0x') as Hex,
  } satisfies UserOperation<'0.8'>
}

/** A read-only client of the chain at `rpcUrl` (5 s timeout, no retries). */
export function chainClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { timeout: 5_000, retryCount: 0 }) }) as PublicClient
}

/**
 * Signs `operation` for the verifying paymaster `paymaster` (Pimlico's `SingletonPaymasterV8`, verifying
 * mode): the hash is the contract's own `getHash(0, packedUserOperation)`, read with `eth_call`, so it is
 * the hash the contract checks. For an operation that delegates its sender in this operation
 * (`delegate`, from `eip7702Auth`), the call sees the sender's code as the EIP-7702 designator it will
 * have then (a state override): the V8 hash covers the delegate. The signature is EIP-191 over the hash.
 *
 * @returns ERC-7677's `{ paymaster, paymasterData }`: config ‖ 65-byte signature
 * @throws viem's error when the chain cannot be read (the caller answers it)
 */
export async function signPaymasterData(parameters: {
  client: PublicClient
  operation: RpcUserOperation
  paymaster: Address
  signerPrivateKey: Hex
  validUntil: number
  delegate: Address | undefined
}): Promise<{ paymaster: Address; paymasterData: Hex }> {
  const { client, operation, paymaster, validUntil, delegate } = parameters
  const config = verifyingPaymasterConfig(validUntil)
  const packed = toPackedUserOperation(toUserOperation(operation, paymaster, config))
  const hash = await client.readContract({
    address: paymaster,
    abi: paymasterAbi,
    functionName: 'getHash',
    args: [0, packed],
    ...(delegate
      ? { stateOverride: [{ address: operation.sender as Address, code: delegationDesignator(delegate) }] }
      : {}),
  })
  const signature = await privateKeyToAccount(parameters.signerPrivateKey).signMessage({
    message: { raw: hash },
  })
  return { paymaster, paymasterData: concat([config, signature]) }
}
