import { vi } from 'vitest'
import { main } from '../cli/main'

/**
 * Runs the `foyer-server` CLI (`main`) in this process with `argv` and `env`, capturing what it writes to
 * stdout and stderr (nothing reaches the terminal); resolves with its exit code and both texts. The
 * captures are undone before it returns, as are any other `vi` mocks.
 *
 * @example const { code, stdout } = await runCli(['analytics', 'counts', '--json'], env)
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  try {
    const code = await main(argv, env)
    return { code, stdout, stderr }
  } finally {
    vi.restoreAllMocks()
  }
}
