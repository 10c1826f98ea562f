import type { ExportPageMessages } from './en'

/** The export page's texts in Spanish. */
export const es: ExportPageMessages = {
  pageTitle: 'Exportación de billetera de Foyer',
  heading: 'Exporta tu billetera',
  privateKey: 'Clave privada',
  keyWarning:
    'Quien tenga tu clave privada controla esta billetera y todo lo que contiene. No la compartas nunca; muéstrala solo donde nadie pueda ver tu pantalla.',
  revealKey: 'Mostrar clave privada',
  copyKey: 'Copiar clave',
  recoveryPhrase: 'Frase de recuperación',
  phraseWarning:
    'Tu frase de recuperación restaura esta billetera en cualquier lugar. No la compartas nunca; anótala y guárdala sin conexión.',
  revealPhrase: 'Mostrar frase de recuperación',
  copyPhrase: 'Copiar frase',
  hide: 'Ocultar',
  copied: 'Copiado',
  address: 'Dirección',
}
