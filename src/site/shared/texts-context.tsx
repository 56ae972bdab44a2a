/**
 * The interface texts of the show on screen (docs/decisions/0026-interface-in-the-shows-language.md):
 * the English catalogue with config.json's messages over it, in the show's locale. Components
 * read them with `useTexts`; without a provider (a component test) they read English.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { textDirection } from '../../core/language.ts';
import {
  createTexts,
  type MessageOverrides,
  type Texts,
} from '../../core/messages/message-format.ts';

const TextsContext = createContext<Texts>(createTexts('en'));

/** The texts every component below reads, for a show's language and messages. */
export function TextsProvider({
  language,
  messages,
  children,
}: {
  language: string;
  messages: MessageOverrides;
  children: ReactNode;
}): ReactNode {
  const texts = useMemo(() => createTexts(language, messages), [language, messages]);
  useDocumentLanguage(language);
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

/** The show's interface texts. */
export function useTexts(): Texts {
  return useContext(TextsContext);
}

/**
 * Keeps `<html lang dir>` on the show's language. A pre-rendered page has them from its HTML
 * already; a page the app renders alone (no pre-rendered pages) gets them once config.json is read.
 */
function useDocumentLanguage(language: string): void {
  useEffect(() => {
    const root = document.documentElement;
    root.lang = language;
    root.dir = textDirection(language);
  }, [language]);
}
