import type { ExportPageMessages } from './en'

/** The export page's texts in Portuguese. */
export const pt: ExportPageMessages = {
  pageTitle: 'Exportação de carteira Foyer',
  heading: 'Exporte sua carteira',
  privateKey: 'Chave privada',
  keyWarning:
    'Quem tiver sua chave privada controla esta carteira e tudo o que há nela. Nunca a compartilhe; mostre-a apenas onde ninguém possa ver sua tela.',
  revealKey: 'Mostrar chave privada',
  copyKey: 'Copiar chave',
  recoveryPhrase: 'Frase de recuperação',
  phraseWarning:
    'Sua frase de recuperação restaura esta carteira em qualquer lugar. Nunca a compartilhe; anote-a e guarde-a offline.',
  revealPhrase: 'Mostrar frase de recuperação',
  copyPhrase: 'Copiar frase',
  hide: 'Ocultar',
  copied: 'Copiado',
  address: 'Endereço',
}
