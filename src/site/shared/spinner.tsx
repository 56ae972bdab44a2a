import type { ReactNode } from 'react';
import './spinner.css';

/** A loading spinner, announced with its label. */
export function Spinner({ label = 'Loading' }: { label?: string }): ReactNode {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="spinner__wheel" aria-hidden="true" />
    </div>
  );
}
