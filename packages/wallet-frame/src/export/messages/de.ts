import type { ExportPageMessages } from './en'

/** The export page's texts in German. */
export const de: ExportPageMessages = {
  pageTitle: 'Foyer-Wallet-Export',
  heading: 'Wallet exportieren',
  privateKey: 'Privater Schlüssel',
  keyWarning:
    'Wer deinen privaten Schlüssel hat, kontrolliert diese Wallet und alles darin. Teile ihn niemals mit anderen; zeige ihn nur dort an, wo niemand deinen Bildschirm sehen kann.',
  revealKey: 'Privaten Schlüssel anzeigen',
  copyKey: 'Schlüssel kopieren',
  recoveryPhrase: 'Wiederherstellungsphrase',
  phraseWarning:
    'Mit deiner Wiederherstellungsphrase lässt sich diese Wallet überall wiederherstellen. Teile sie niemals; schreib sie auf und bewahre sie offline auf.',
  revealPhrase: 'Wiederherstellungsphrase anzeigen',
  copyPhrase: 'Phrase kopieren',
  hide: 'Ausblenden',
  copied: 'Kopiert',
  address: 'Adresse',
}
