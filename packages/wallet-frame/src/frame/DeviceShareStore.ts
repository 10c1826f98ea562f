/** Where the frame keeps device shares: IndexedDB on the frame origin in browsers, memory in tests. */
export type DeviceShareStore = {
  get(key: string): Promise<Uint8Array | null>
  set(key: string, share: Uint8Array): Promise<void>
  delete(key: string): Promise<void>
}
