import type { FrameLocator } from 'playwright-core'

/**
 * In the export frame, reveals the private key ('Reveal private key', shown after the frame rebuilt the key)
 * and returns it (secrets are hidden until the user asks).
 */
export async function revealExportedKey(frame: FrameLocator, timeout = 20_000): Promise<`0x${string}`> {
  await frame.getByRole('button', { name: 'Reveal private key' }).click({ timeout })
  return (await frame.getByLabel('Private key').textContent()) as `0x${string}`
}
