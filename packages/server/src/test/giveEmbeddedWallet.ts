import { randomBytes } from 'node:crypto'
import { randomId } from '../crypto/randomId'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { embeddedWallets, walletEntropies } from '../features/wallets/schema'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Gives a user an embedded wallet row (what the wallet frame's create leaves on the server, with sealed
 * placeholders for its shares), at a fresh random address unless `address` is given. Test-only.
 *
 * @example const address = await giveEmbeddedWallet(t.db, { appId: t.demoApp.id, userId, chainType: 'ethereum', now: new Date(t.now()) })
 */
export async function giveEmbeddedWallet(
  db: FoyerDatabase,
  parameters: {
    appId: string
    userId: string
    chainType: 'ethereum' | 'solana'
    now: Date
    address?: string
  },
): Promise<string> {
  const { appId, userId, chainType, now } = parameters
  const address =
    parameters.address ??
    (chainType === 'ethereum'
      ? `0x${randomBytes(20).toString('hex')}`
      : Array.from(randomBytes(44), (byte) => BASE58[byte % 58]).join(''))
  const entropyRowId = randomId()
  await db.orm.insert(walletEntropies).values({
    id: entropyRowId,
    appId,
    userId,
    chainType,
    entropyId: address,
    authShare: 'v1.sealed',
    recoveryMethod: 'privy',
    recovery: 'v1.sealed',
    createdAt: now,
    updatedAt: now,
  })
  await db.orm.insert(embeddedWallets).values({
    id: randomId(),
    appId,
    userId,
    entropyRowId,
    chainType,
    walletIndex: 0,
    address,
    createdAt: now,
  })
  return address
}
