import { RECOVERY_PBKDF2_ITERATIONS, recoveryUploadSchema } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { fromBase64 } from '../encoding/fromBase64'
import { toBase64 } from '../encoding/toBase64'
import { FrameRequestError } from '../errors/FrameRequestError'
import { decryptAesGcm } from './decryptAesGcm'
import { decryptRecoveryShare } from './decryptRecoveryShare'
import { encryptAesGcm } from './encryptAesGcm'
import { encryptRecoveryShare } from './encryptRecoveryShare'

const share = new Uint8Array(17).map((_, index) => index + 1)
const wallet = { chainType: 'ethereum' as const, entropyId: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }

describe('encryptAesGcm', () => {
  test('default: a fresh 96-bit IV on every call', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32))
    const aad = new TextEncoder().encode('aad')
    const ivs = new Set<string>()
    const ciphertexts = new Set<string>()
    for (let round = 0; round < 200; round++) {
      const { ciphertext, iv } = await encryptAesGcm(key, share, aad)
      expect(iv).toHaveLength(12)
      expect(ciphertext).toHaveLength(share.length + 16)
      ivs.add(toBase64(iv))
      ciphertexts.add(toBase64(ciphertext))
    }
    expect(ivs.size).toBe(200)
    expect(ciphertexts.size).toBe(200)
  })

  test('error: another key, IV, associated data or a flipped bit fails', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32))
    const aad = new TextEncoder().encode('aad')
    const { ciphertext, iv } = await encryptAesGcm(key, share, aad)
    await expect(decryptAesGcm(key, ciphertext, iv, aad)).resolves.toEqual(share)
    await expect(
      decryptAesGcm(crypto.getRandomValues(new Uint8Array(32)), ciphertext, iv, aad),
    ).rejects.toThrow()
    await expect(decryptAesGcm(key, ciphertext, new Uint8Array(12), aad)).rejects.toThrow()
    await expect(decryptAesGcm(key, ciphertext, iv, new TextEncoder().encode('other'))).rejects.toThrow()
    const flipped = ciphertext.slice()
    flipped[0] = (flipped[0] ?? 0) ^ 1
    await expect(decryptAesGcm(key, flipped, iv, aad)).rejects.toThrow()
  })
})

describe('encryptRecoveryShare', () => {
  test('default: privy — a random server-held key opens it', async () => {
    const upload = await encryptRecoveryShare({ recoveryShare: share, ...wallet, recoveryMethod: 'privy' })
    expect(recoveryUploadSchema.parse(upload)).toEqual(upload)
    expect(upload.recovery_method).toBe('privy')
    await expect(decryptRecoveryShare({ material: upload, ...wallet })).resolves.toEqual(share)
  })

  test('default: user-passcode — PBKDF2-SHA256 with 600,000 iterations and a random salt; only the password opens it', async () => {
    const upload = await encryptRecoveryShare({
      recoveryShare: share,
      ...wallet,
      recoveryMethod: 'user-passcode',
      password: 'correct-horse-battery',
    })
    if (upload.recovery_method !== 'user-passcode') throw new Error('unexpected method')
    expect(upload).toMatchObject({ kdf: 'pbkdf2-sha256', iterations: RECOVERY_PBKDF2_ITERATIONS })
    expect(RECOVERY_PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000)
    expect(fromBase64(upload.salt)).toHaveLength(16)
    expect(JSON.stringify(upload)).not.toContain('correct-horse-battery')
    await expect(
      decryptRecoveryShare({ material: upload, ...wallet, password: 'correct-horse-battery' }),
    ).resolves.toEqual(share)
    const again = await encryptRecoveryShare({
      recoveryShare: share,
      ...wallet,
      recoveryMethod: 'user-passcode',
      password: 'correct-horse-battery',
    })
    if (again.recovery_method !== 'user-passcode') throw new Error('unexpected method')
    expect(again.salt).not.toBe(upload.salt)
    expect(again.iv).not.toBe(upload.iv)
  })

  test('error: a wrong password is invalid_recovery_pin with the documented text', async () => {
    const upload = await encryptRecoveryShare({
      recoveryShare: share,
      ...wallet,
      recoveryMethod: 'user-passcode',
      password: 'right-one',
    })
    const failure = await decryptRecoveryShare({ material: upload, ...wallet, password: 'wrong-one' }).catch(
      (error) => error,
    )
    expect(failure).toBeInstanceOf(FrameRequestError)
    expect(failure).toMatchObject({
      type: 'invalid_recovery_pin',
      message: 'Invalid recovery password, please try again.',
    })
    await expect(decryptRecoveryShare({ material: upload, ...wallet })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
  })

  test('error: the ciphertext is bound to its wallet', async () => {
    const upload = await encryptRecoveryShare({ recoveryShare: share, ...wallet, recoveryMethod: 'privy' })
    await expect(
      decryptRecoveryShare({
        material: upload,
        chainType: 'ethereum',
        entropyId: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      }),
    ).rejects.toMatchObject({ type: 'error' })
  })
})

describe('encryptRecoveryShare: google-drive', () => {
  const secretFileName = `foyer-recovery-secret-${'ab'.repeat(16)}.json`

  test('default: the share opens with the Drive secret; only the file name goes up', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const upload = await encryptRecoveryShare({
      recoveryShare: share,
      ...wallet,
      recoveryMethod: 'google-drive',
      secret,
      secretFileName,
    })
    const material = recoveryUploadSchema.parse(upload)
    expect(Object.keys(material).sort()).toEqual(['ciphertext', 'iv', 'recovery_method', 'secret_file_name'])
    expect(JSON.stringify(material)).not.toContain(toBase64(secret))
    await expect(decryptRecoveryShare({ material, ...wallet, secret })).resolves.toEqual(share)
  })

  test('error: no secret, another secret, or another wallet fails with a frame error', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const material = await encryptRecoveryShare({
      recoveryShare: share,
      ...wallet,
      recoveryMethod: 'google-drive',
      secret,
      secretFileName,
    })
    await expect(decryptRecoveryShare({ material, ...wallet })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
    await expect(
      decryptRecoveryShare({ material, ...wallet, secret: crypto.getRandomValues(new Uint8Array(32)) }),
    ).rejects.toMatchObject({
      type: 'error',
      message: 'The recovery secret in Google Drive does not open this wallet',
    })
    await expect(
      decryptRecoveryShare({ material, chainType: 'ethereum', entropyId: `0x${'1'.repeat(40)}`, secret }),
    ).rejects.toBeInstanceOf(FrameRequestError)
  })

  test('error: a file name that is not a recovery secret name is refused by the upload schema', () => {
    expect(
      recoveryUploadSchema.safeParse({
        recovery_method: 'google-drive',
        ciphertext: toBase64(share),
        iv: toBase64(new Uint8Array(12)),
        secret_file_name: "x' or name contains '",
      }).success,
    ).toBe(false)
  })
})
