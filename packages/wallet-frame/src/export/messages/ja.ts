import type { ExportPageMessages } from './en'

/** The export page's texts in Japanese. */
export const ja: ExportPageMessages = {
  pageTitle: 'Foyer ウォレットのエクスポート',
  heading: 'ウォレットをエクスポート',
  privateKey: '秘密鍵',
  keyWarning:
    '秘密鍵を持つ人は誰でも、このウォレットとその中のすべてを操作できます。誰にも教えず、画面を誰にも見られない場所でのみ表示してください。',
  revealKey: '秘密鍵を表示',
  copyKey: '秘密鍵をコピー',
  recoveryPhrase: 'リカバリーフレーズ',
  phraseWarning:
    'リカバリーフレーズがあれば、どこでもこのウォレットを復元できます。誰にも教えず、書き留めてオフラインで保管してください。',
  revealPhrase: 'リカバリーフレーズを表示',
  copyPhrase: 'フレーズをコピー',
  hide: '隠す',
  copied: 'コピーしました',
  address: 'アドレス',
}
