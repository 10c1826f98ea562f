/** The development master key file of a data directory (docs/operations.md#the-development-master-key). */
import { randomBytes } from 'node:crypto'
import { constants, existsSync } from 'node:fs'
import { chmod, copyFile, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { base64Key } from './envSchema'

/** The development master key's file inside the data directory. */
export const DEV_MASTER_KEY_FILE = 'master.key'

/**
 * Moves the development key from where earlier versions kept it (`<dataDir>/../master.key`) to `path`, unless
 * `path` exists: a hard link then an unlink (a copy across file systems), so a key already at `path` is
 * never overwritten. Returns whether it moved one.
 */
async function moveLegacyDevMasterKey(legacyPath: string, path: string): Promise<boolean> {
  if (existsSync(path) || !existsSync(legacyPath)) return false
  try {
    await link(legacyPath, path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code === 'ENOENT') return false // another process moved it first
    if (code !== 'EXDEV' && code !== 'EPERM') throw error
    await copyFile(legacyPath, path, constants.COPYFILE_EXCL)
  }
  await unlink(legacyPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  return true
}

/**
 * The development master key of the data directory `dataDir`: `<dataDir>/master.key` (32 random bytes in
 * base64), created on first use with mode 0600 and the directory with 0700 (both tightened again when found
 * looser). A key at the place earlier versions used, `<dataDir>/../master.key`, is moved in (once; `log`
 * says so). A data directory that already holds a PGlite database but no key is refused rather than given a
 * new key that could not open it. See docs/operations.md#the-development-master-key.
 *
 * @throws Error naming the file when it does not hold a 32-byte base64 key, or when the key is missing
 * beside an existing database.
 * @example const key = await readOrCreateDevMasterKey('/srv/foyer/data', { log: console.warn })
 */
export async function readOrCreateDevMasterKey(
  dataDir: string,
  options: { log: (message: string) => void },
): Promise<Uint8Array> {
  const path = join(dataDir, DEV_MASTER_KEY_FILE)
  const legacyPath = resolve(dataDir, '..', DEV_MASTER_KEY_FILE)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  if (((await stat(dataDir)).mode & 0o077) !== 0) await chmod(dataDir, 0o700)
  if (await moveLegacyDevMasterKey(legacyPath, path))
    options.log(`Moved the development master key from ${legacyPath} to ${path}`)
  if (!existsSync(path)) {
    if (existsSync(join(dataDir, 'PG_VERSION')))
      throw new Error(
        `${path} is missing, but ${dataDir} holds a database sealed with a development master key: put that key back in ${path} (earlier versions kept it in ${legacyPath}; a data directory beside this one may have moved it into itself), or set FOYER_MASTER_KEY`,
      )
    try {
      await writeFile(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600)
  const parsed = base64Key.safeParse((await readFile(path, 'utf8')).trim())
  if (!parsed.success) throw new Error(`${path} does not hold a 32-byte base64 key`)
  return parsed.data
}
