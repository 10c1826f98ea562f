import { eq } from 'drizzle-orm'
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose'
import { deriveKey } from '../../crypto/deriveKey'
import { sealSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { publicKeyOf } from './appRecords'
import { appRetiredKeys, apps } from './schema'

/** What a rotation did: the new key's kid, and the retired one's with the time it stops verifying. */
export type SigningKeyRotation = { kid: string; retiredKid: string; verifyUntil: Date }

/**
 * Rotates the ES256 signing key of app `appId` (docs/console.md#signing-key-rotation): a fresh key pair
 * replaces the current one (its PKCS8 sealed under `masterKey` like at creation), and the old public key is
 * kept in `app_retired_keys` — published in the app's JWKS and accepted for access tokens signed with it —
 * until `now + verifySeconds` (the access-token lifetime, so every token it signed has expired by then). One
 * transaction with the app's row locked, so concurrent rotations do not lose a key. Running servers pick
 * the new key up within their app cache TTL (10 s). Returns null when there is no app `appId`.
 *
 * @example await rotateSigningKey(db, appId, masterKey, { verifySeconds: 3600 })
 */
export async function rotateSigningKey(
  db: FoyerDatabase,
  appId: string,
  masterKey: Uint8Array,
  options: { verifySeconds: number; now?: Date },
): Promise<SigningKeyRotation | null> {
  const now = options.now ?? new Date()
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const publicKeyPem = await exportSPKI(publicKey)
  const encryptedPrivateKey = sealSecret(
    deriveKey(masterKey, 'app-private-key-encryption'),
    await exportPKCS8(privateKey),
    `app:${appId}`,
  )
  const kid = (await publicKeyOf(publicKeyPem)).kid
  return db.orm.transaction(async (tx) => {
    const [row] = await tx.select().from(apps).where(eq(apps.id, appId)).for('update')
    if (!row) return null
    const retiredKid = (await publicKeyOf(row.publicKeyPem)).kid
    const verifyUntil = new Date(now.getTime() + options.verifySeconds * 1000)
    await tx
      .insert(appRetiredKeys)
      .values({ appId, kid: retiredKid, publicKeyPem: row.publicKeyPem, retiredAt: now, verifyUntil })
      .onConflictDoUpdate({
        target: [appRetiredKeys.appId, appRetiredKeys.kid],
        set: { retiredAt: now, verifyUntil },
      })
    await tx.update(apps).set({ publicKeyPem, encryptedPrivateKey, updatedAt: now }).where(eq(apps.id, appId))
    return { kid, retiredKid, verifyUntil }
  })
}
