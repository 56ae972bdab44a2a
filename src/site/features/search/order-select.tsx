import type { MessageKey } from '../../../core/messages/messages-en.ts';
import { useTexts } from '../../shared/texts-context.tsx';
import { useId, type ReactNode } from 'react';
import { SEARCH_ORDERS, type SearchOrder } from '../../../core/search-state.ts';
import './search.css';

const LABELS: Readonly<Record<SearchOrder, MessageKey>> = {
  newest: 'order.newest',
  best: 'order.best',
};

function isOrder(value: string): value is SearchOrder {
  return SEARCH_ORDERS.some((order) => order === value);
}

/** How a search's results are ordered: the spec's newest first, or best match. */
export function OrderSelect({
  order,
  onOrder,
}: {
  order: SearchOrder;
  onOrder: (order: SearchOrder) => void;
}): ReactNode {
  const id = useId();
  const { text } = useTexts();
  return (
    <span className="order-select">
      <label htmlFor={id}>{text('order.label')}</label>
      <select
        id={id}
        value={order}
        onChange={(event) => {
          const { value } = event.target;
          if (isOrder(value)) onOrder(value);
        }}
      >
        {SEARCH_ORDERS.map((value) => (
          <option key={value} value={value}>
            {text(LABELS[value])}
          </option>
        ))}
      </select>
    </span>
  );
}
