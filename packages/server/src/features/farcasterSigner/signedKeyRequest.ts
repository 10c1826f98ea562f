import { type Address, type Hex, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The EIP-712 domain of Farcaster's SignedKeyRequestValidator (Optimism, chain 10), as the Key Registry
 * checks a key's metadata and as the Farcaster client's signed-key-request API checks a request.
 */
export const SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000fc700472606ed4fa22623acf62c60553',
} as const

/** The EIP-712 type of a signed key request: the requesting fid, the key (bytes) and a deadline (Unix s). */
export const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** A signed key request's message: the app's fid, the user's ed25519 key (`0x` hex) and a deadline in Unix seconds. */
export type SignedKeyRequestMessage = { requestFid: bigint; key: Hex; deadline: bigint }

/**
 * Signs a `SignedKeyRequest` (EIP-712, {@link SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN}) with the
 * custody key of the requesting fid: the proof that the app's Farcaster account asks for this key.
 *
 * @param custodyPrivateKey `0x` + 64 hex digits (secp256k1)
 * @returns the 65-byte signature as `0x` hex
 * @example const signature = await signSignedKeyRequest(key, { requestFid: 3n, key: '0x…', deadline: 1700000000n })
 */
export function signSignedKeyRequest(custodyPrivateKey: Hex, message: SignedKeyRequestMessage): Promise<Hex> {
  return privateKeyToAccount(custodyPrivateKey).signTypedData({
    domain: SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message,
  })
}

/**
 * Whether `signature` is `custody`'s EIP-712 signature of `message` (an EOA custody address; the local
 * stand-in of the Farcaster client checks requests with it). False for a malformed signature.
 *
 * @example await verifySignedKeyRequest({ custody, message, signature }) // true
 */
export async function verifySignedKeyRequest(parameters: {
  custody: Address
  message: SignedKeyRequestMessage
  signature: Hex
}): Promise<boolean> {
  try {
    return await verifyTypedData({
      address: parameters.custody,
      domain: SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN,
      types: SIGNED_KEY_REQUEST_TYPES,
      primaryType: 'SignedKeyRequest',
      message: parameters.message,
      signature: parameters.signature,
    })
  } catch {
    return false
  }
}
