import type { ExportPageMessages } from './en'

/** The export page's texts in Simplified Chinese. */
export const zhCN: ExportPageMessages = {
  pageTitle: 'Foyer 钱包导出',
  heading: '导出你的钱包',
  privateKey: '私钥',
  keyWarning: '任何拥有你私钥的人都能控制此钱包及其中的一切。切勿分享；只在没有人能看到你屏幕的地方显示它。',
  revealKey: '显示私钥',
  copyKey: '复制私钥',
  recoveryPhrase: '恢复短语',
  phraseWarning: '你的恢复短语可以在任何地方恢复此钱包。切勿分享；请把它写下来并离线保管。',
  revealPhrase: '显示恢复短语',
  copyPhrase: '复制短语',
  hide: '隐藏',
  copied: '已复制',
  address: '地址',
}
