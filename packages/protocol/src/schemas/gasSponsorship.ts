import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * The app's gas-sponsorship setting (`gas_sponsorship`, server-only, never in the public config;
 * docs/gas-sponsorship.md): the verifying paymaster the Foyer server signs for.
 * - `paymaster_address`: the EntryPoint v0.8 verifying paymaster contract (20-byte hex) whose signer is
 *   `signer_private_key`'s address;
 * - `signer_private_key`: the secp256k1 key (32-byte hex) that signs paymaster data; a secret, sealed at
 *   rest with the app's other secrets;
 * - `chain_ids`: the EVM chains it sponsors on;
 * - `daily_limit_wei_per_user`: the most gas cost (wei, decimal) it sponsors for one user per UTC day,
 *   counted at each operation's maximum (gas limits × `maxFeePerGas`).
 * Sponsorship is off while `paymaster_address` or `signer_private_key` is null.
 */
export const gasSponsorshipSettingsSchema = z.object({
  paymaster_address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .nullable(),
  signer_private_key: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .nullable(),
  chain_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    )
    .max(50),
  daily_limit_wei_per_user: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,77})$/)
    .nullable(),
})
export type GasSponsorshipSettings = z.infer<typeof gasSponsorshipSettingsSchema>

/**
 * EntryPoint v0.8's `Simple7702Account` (eth-infinitism `account-abstraction` v0.8.0, deployed through the
 * CREATE2 deployer at the same address on every chain): the only contract the embedded wallet delegates to
 * with EIP-7702, and the only delegate the app's paymaster sponsors (docs/gas-sponsorship.md).
 */
export const simple7702AccountAddress = '0xe6Cae83BdE06E4c305530e199D7217f42808555B' as const

const hex = (maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .regex(/^0x[0-9a-fA-F]*$/)
const quantity = z
  .string()
  .max(66)
  .regex(/^0x[0-9a-fA-F]{1,64}$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)

/**
 * An EntryPoint v0.7/v0.8 user operation as ERC-7677 carries it (hex quantities, ERC-7769's RPC shape), with
 * EIP-7702's `eip7702Auth` when the account delegates in this operation. Unknown fields are dropped.
 */
export const rpcUserOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: hex(42).nullish(),
  factoryData: hex(100_000).nullish(),
  callData: hex(200_000),
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
  signature: hex(10_000).optional(),
  eip7702Auth: z
    .object({
      address,
      chainId: quantity,
      nonce: quantity,
      r: quantity,
      s: quantity,
      yParity: quantity,
    })
    .nullish(),
})
export type RpcUserOperation = z.infer<typeof rpcUserOperationSchema>

/**
 * `POST /api/v1/gas_sponsorship/paymaster` (docs/gas-sponsorship.md#the-paymaster-endpoint): an ERC-7677
 * JSON-RPC request, `pm_getPaymasterStubData` or `pm_getPaymasterData`, with params `[userOperation,
 * entryPoint, chainId (hex), context]`.
 */
export const paymasterRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number().int(), z.string().max(128)]),
  method: z.enum(['pm_getPaymasterStubData', 'pm_getPaymasterData']),
  params: z.tuple([rpcUserOperationSchema, address, quantity], z.unknown()),
})
export type PaymasterRpcRequest = z.infer<typeof paymasterRpcRequestSchema>

/**
 * Its answer: `{ jsonrpc, id, result }` with ERC-7677's result: `paymaster`, `paymasterData`, and for the
 * stub the paymaster gas limits and `isFinal: false`; `sponsor.name` names the app.
 */
export const paymasterRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number().int(), z.string()]),
  result: z.object({
    paymaster: address,
    paymasterData: hex(1_000),
    paymasterVerificationGasLimit: quantity.optional(),
    paymasterPostOpGasLimit: quantity.optional(),
    isFinal: z.boolean().optional(),
    sponsor: z.object({ name: z.string() }).optional(),
  }),
})
export type PaymasterRpcResponse = z.infer<typeof paymasterRpcResponseSchema>
