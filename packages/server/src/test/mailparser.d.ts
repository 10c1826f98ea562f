// Minimal types for mailparser@3.9 (no @types package installed); only what the tests use.
declare module 'mailparser' {
  export type ParsedMail = {
    subject?: string
    text?: string
    html?: string | false
    from?: { text: string }
    to?: { text: string } | Array<{ text: string }>
  }
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>
}
