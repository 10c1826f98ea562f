/**
 * Which page runs the frame logic: `'wallet'` (the hidden frame), `'export'` (the export page) or `'import'`
 * (the import page).
 */
export type FrameMode = 'wallet' | 'export' | 'import'
