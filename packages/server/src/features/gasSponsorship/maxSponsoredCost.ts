/** The gas fields of an EntryPoint v0.7/v0.8 user operation (ERC-4337) that bound what it can cost. */
export type UserOperationGas = {
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  paymasterVerificationGasLimit?: bigint | undefined
  paymasterPostOpGasLimit?: bigint | undefined
  /** Wei per gas. */
  maxFeePerGas: bigint
}

/**
 * The most the EntryPoint can charge a paymaster for `operation`, in wei (docs/gas-sponsorship.md#limits):
 * (`callGasLimit` + `verificationGasLimit` + `preVerificationGas` + `paymasterVerificationGasLimit` +
 * `paymasterPostOpGasLimit`) × `maxFeePerGas`, the prefund of ERC-4337 v0.7. Absent paymaster limits count
 * as 0. Throws `RangeError` on a negative field.
 */
export function maxSponsoredCost(operation: UserOperationGas): bigint {
  const gas = [
    operation.callGasLimit,
    operation.verificationGasLimit,
    operation.preVerificationGas,
    operation.paymasterVerificationGasLimit ?? 0n,
    operation.paymasterPostOpGasLimit ?? 0n,
  ]
  if ([...gas, operation.maxFeePerGas].some((value) => value < 0n))
    throw new RangeError('User operation gas fields must not be negative')
  return gas.reduce((sum, value) => sum + value, 0n) * operation.maxFeePerGas
}
