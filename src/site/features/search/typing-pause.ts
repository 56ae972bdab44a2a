/** The pause after the last keystroke before the typed term is searched (issue 27). */
export const TYPING_PAUSE_MS = 150;
