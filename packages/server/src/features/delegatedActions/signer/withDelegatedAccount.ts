import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { getBase58Decoder } from '@solana/kit'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts'

/** The entropy of a wallet: 128 bits (docs/security.md). */
const ENTROPY_BYTES = 16

/** The Ethereum account of HD index `walletIndex` (`m/44'/60'/0'/0/{index}`, BIP-44). */
function ethereumPrivateKey(seed: Uint8Array, walletIndex: number): Uint8Array {
  const key = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${walletIndex}`).privateKey
  if (!key) throw new Error('BIP-32 derivation gave no private key')
  return key
}

/**
 * Rebuilds the Ethereum account of a delegated wallet from two Shamir shares of its entropy (the auth share
 * and the delegated device share) and hands it to `use`; the entropy, seed and private key bytes are zeroed
 * when `use` settles (docs/delegated-actions.md#signer), in the signer process. Null — and `use` is not called — when the shares
 * do not combine to an entropy whose index-0 address is `entropyId` and whose index `walletIndex` is
 * `address` (a wrong, stale or corrupted share: the library itself does not detect one).
 *
 * @example await withDelegatedAccount({ shares: [auth, device], entropyId, walletIndex: 0, address }, (account) => account.signMessage({ message: 'hi' }))
 */
export async function withDelegatedAccount<T>(
  parameters: { shares: Uint8Array[]; entropyId: string; walletIndex: number; address: string },
  use: (account: LocalAccount) => Promise<T>,
): Promise<{ result: T } | null> {
  return withSeedFromShares(parameters.shares, async (seed, wipe) => {
    const rootKey = ethereumPrivateKey(seed, 0)
    wipe.push(rootKey)
    if (privateKeyToAccount(bytesToHex(rootKey)).address.toLowerCase() !== parameters.entropyId.toLowerCase())
      return null
    const privateKey =
      parameters.walletIndex === 0 ? rootKey : ethereumPrivateKey(seed, parameters.walletIndex)
    wipe.push(privateKey)
    const account = privateKeyToAccount(bytesToHex(privateKey))
    if (account.address.toLowerCase() !== parameters.address.toLowerCase()) return null
    return { result: await use(account) }
  })
}

/**
 * Combines two Shamir shares into the wallet's entropy and its BIP-39 seed and hands the seed to `use`, with
 * the list of buffers to zero once `use` settles (it adds the keys it derives). Null — `use` not called — when
 * the shares do not combine to an entropy of the wallet's length.
 */
async function withSeedFromShares<T>(
  sharesIn: Uint8Array[],
  use: (seed: Uint8Array, wipe: Uint8Array[]) => Promise<{ result: T } | null>,
): Promise<{ result: T } | null> {
  // Plain Uint8Array copies (the library refuses a Buffer), wiped with the rest.
  const shares = sharesIn.map((share) => Uint8Array.from(share))
  const wipe: Uint8Array[] = [...shares]
  try {
    let entropy: Uint8Array
    try {
      entropy = await combine(shares)
    } catch {
      return null
    }
    wipe.push(entropy)
    if (entropy.length !== ENTROPY_BYTES) return null
    const seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
    wipe.push(seed)
    return await use(seed, wipe)
  } finally {
    for (const bytes of wipe) bytes.fill(0)
  }
}

/** A Solana key pair: the 32-byte ed25519 `secretKey` (seed) and its base58 `address`. */
export type SolanaKey = { secretKey: Uint8Array; address: string }

/** The ed25519 key of Solana account `index`: SLIP-0010 at `m/44'/501'/{index}'/0'`. */
function solanaKey(seed: Uint8Array, walletIndex: number): SolanaKey {
  const key = Slip10Key.fromMasterSeed(seed).derive(`m/44'/501'/${walletIndex}'/0'`)
  return { secretKey: key.privateKey, address: getBase58Decoder().decode(key.publicKeyRaw) }
}

/**
 * The Solana counterpart of {@link withDelegatedAccount}: rebuilds the ed25519 key of Solana wallet
 * `walletIndex` (SLIP-0010, `m/44'/501'/{index}'/0'`) from two Shamir shares, checks that index 0 is
 * `entropyId` and the index `address` (base58, exact), hands it to `use` and zeroes the shares, entropy, seed
 * and secret keys when `use` settles. Null — `use` not called — when they do not match.
 */
export async function withDelegatedSolanaKey<T>(
  parameters: { shares: Uint8Array[]; entropyId: string; walletIndex: number; address: string },
  use: (key: SolanaKey) => Promise<T>,
): Promise<{ result: T } | null> {
  return withSeedFromShares(parameters.shares, async (seed, wipe) => {
    const root = solanaKey(seed, 0)
    wipe.push(root.secretKey)
    if (root.address !== parameters.entropyId) return null
    const key = parameters.walletIndex === 0 ? root : solanaKey(seed, parameters.walletIndex)
    wipe.push(key.secretKey)
    if (key.address !== parameters.address) return null
    return { result: await use(key) }
  })
}
