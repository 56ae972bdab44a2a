/**
 * A catalogue text with its values isolated: a search term, a title or a time of the other
 * writing direction does not reorder the sentence around it (docs/decisions/0053-right-to-left-texts.md).
 */
import type { ReactNode } from 'react';
import type { MessageKey } from '../../core/messages/messages-en.ts';
import type { MessageValues } from '../../core/messages/message-format.ts';
import { useTexts } from './texts-context.tsx';

/** One interface text, each `{value}` in a `<bdi>` (direction from its own first strong letter). */
export function MessageText({ id, values }: { id: MessageKey; values?: MessageValues }): ReactNode {
  const { segments } = useTexts();
  return segments(id, values).map((segment, index) =>
    segment.kind === 'text' ? segment.text : <bdi key={index}>{segment.text}</bdi>,
  );
}
