/**
 * The export page's texts in English, the page's default: its own short list, separate
 * from the modal's, so the frame bundle carries only these. Other locales translate every key.
 */
export const en = {
  pageTitle: 'Foyer wallet export',
  heading: 'Export your wallet',
  privateKey: 'Private key',
  keyWarning:
    'Anyone with your private key controls this wallet and everything in it. Never share it; reveal it only where no one can see your screen.',
  revealKey: 'Reveal private key',
  copyKey: 'Copy key',
  recoveryPhrase: 'Recovery phrase',
  phraseWarning:
    'Your recovery phrase restores this wallet anywhere. Never share it; write it down and keep it offline.',
  revealPhrase: 'Reveal recovery phrase',
  copyPhrase: 'Copy phrase',
  hide: 'Hide',
  copied: 'Copied',
  address: 'Address',
}

/** The export page's texts, one string per key of {@link en}. */
export type ExportPageMessages = Record<keyof typeof en, string>
