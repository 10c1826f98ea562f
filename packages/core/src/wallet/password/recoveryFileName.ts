/**
 * The file name of a downloaded recovery password (docs/limits.md): the app's name lower-cased, characters
 * other than letters and spaces removed, spaces turned into hyphens, then `-wallet-recovery.txt`.
 *
 * @param appName - the app's display name
 * @returns e.g. `'foyer-demo-wallet-recovery.txt'`; `'wallet-recovery.txt'` when nothing of the name is left
 * @example
 * recoveryFileName('Foyer Demo!') // 'foyer-demo-wallet-recovery.txt'
 */
export function recoveryFileName(appName: string): string {
  const base = appName
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '-')
  return base ? `${base}-wallet-recovery.txt` : 'wallet-recovery.txt'
}
