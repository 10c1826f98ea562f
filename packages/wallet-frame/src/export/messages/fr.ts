import type { ExportPageMessages } from './en'

/** The export page's texts in French. */
export const fr: ExportPageMessages = {
  pageTitle: 'Export du portefeuille Foyer',
  heading: 'Exporter votre portefeuille',
  privateKey: 'Clé privée',
  keyWarning:
    'Quiconque possède votre clé privée contrôle ce portefeuille et tout ce qu’il contient. Ne la partagez jamais. Affichez-la uniquement là où personne ne peut voir votre écran.',
  revealKey: 'Afficher la clé privée',
  copyKey: 'Copier la clé',
  recoveryPhrase: 'Phrase de récupération',
  phraseWarning:
    'Votre phrase de récupération restaure ce portefeuille n’importe où. Ne la partagez jamais. Notez-la et conservez-la hors ligne.',
  revealPhrase: 'Afficher la phrase de récupération',
  copyPhrase: 'Copier la phrase',
  hide: 'Masquer',
  copied: 'Copié',
  address: 'Adresse',
}
