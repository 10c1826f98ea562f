import { fromApiError } from './fromApiError'

/**
 * Runs a server call and rethrows its failure as a frame error ({@link fromApiError}).
 *
 * @example const { wallets } = await callApi(() => api.listWallets(accessToken))
 */
export async function callApi<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    throw fromApiError(error)
  }
}
