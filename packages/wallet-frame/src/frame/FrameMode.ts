/** Which page runs the frame logic: `'wallet'` (the hidden frame) or `'export'` (the export page). */
export type FrameMode = 'wallet' | 'export'
