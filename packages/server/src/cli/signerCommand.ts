import closeWithGrace from 'close-with-grace'
import { createSigner } from '../features/delegatedActions/signer/createSigner'
import {
  createSignerKeyFile,
  parseKeyEncryptionKey,
  readSignerKeyFile,
} from '../features/delegatedActions/signer/signerKeyFile'
import { parseSignerSecret } from '../features/delegatedActions/signer/signerProtocol'
import { createSignerServer } from '../features/delegatedActions/signer/signerServer'

export const signerUsage = `  signer init                               make the signer's key pair, sealed at rest in
                                            FOYER_SIGNER_KEY_FILE; prints its public key
  signer                                    run the signer process (FOYER_SIGNER_HOST, FOYER_SIGNER_PORT)`

/**
 * `foyer-server signer init` and `foyer-server signer` (docs/operations.md#signer). `signer` reads the key
 * file `FOYER_SIGNER_KEY_FILE` sealed under `FOYER_SIGNER_KEY_ENCRYPTION_KEY`, and serves the server ↔
 * signer interface authenticated by `FOYER_SIGNER_SECRET` on `FOYER_SIGNER_HOST` (default 127.0.0.1) and
 * `FOYER_SIGNER_PORT` (default 8790) until SIGTERM or SIGINT. Returns the exit code; configuration errors
 * are printed, exit 1.
 */
export async function signerCommand(
  command: 'init' | 'start',
  environment: NodeJS.ProcessEnv,
): Promise<number> {
  try {
    const path = environment.FOYER_SIGNER_KEY_FILE?.trim()
    if (!path) throw new Error('FOYER_SIGNER_KEY_FILE must name the signer’s key file')
    const keyEncryptionKey = parseKeyEncryptionKey(environment.FOYER_SIGNER_KEY_ENCRYPTION_KEY)
    if (command === 'init') {
      const publicKey = await createSignerKeyFile(path, keyEncryptionKey).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST') throw new Error(`${path} exists: the signer already has a key`)
          throw error
        },
      )
      process.stdout.write(`Signer key written to ${path}\nPublic key: ${publicKey}\n`)
      return 0
    }
    const secret = parseSignerSecret(environment.FOYER_SIGNER_SECRET)
    const host = environment.FOYER_SIGNER_HOST?.trim() || '127.0.0.1'
    const port = Number(environment.FOYER_SIGNER_PORT ?? 8790)
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new Error('FOYER_SIGNER_PORT must be a port')
    const privateKey = await readSignerKeyFile(path, keyEncryptionKey)
    keyEncryptionKey.fill(0)
    const signer = createSigner({ privateKey })
    privateKey.fill(0)
    const app = createSignerServer({
      signer,
      secret,
      logger: { level: environment.FOYER_LOG_LEVEL ?? 'info' },
    })
    await app.listen({ host, port })
    const address = app.server.address()
    const bound = typeof address === 'object' && address ? address.port : port
    process.stdout.write(
      `Foyer signer listening on http://${host.includes(':') ? `[${host}]` : host}:${bound}\nPublic key: ${signer.publicKey}\n`,
    )
    closeWithGrace({ delay: 10_000 }, async () => {
      await app.close()
    })
    return 0
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    return 1
  }
}
