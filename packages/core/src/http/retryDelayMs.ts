import { RETRY_BASE_DELAY_MS } from '@foyer/protocol'

/**
 * Delay before retry number `retry` (1-based), in ms: `RETRY_BASE_DELAY_MS × 3^(retry − 1)`, i.e. 500, 1500,
 * 4500 (docs/api.md).
 *
 * @internal
 */
export function retryDelayMs(retry: number): number {
  return RETRY_BASE_DELAY_MS * 3 ** (retry - 1)
}
