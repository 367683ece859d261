import type { ReactNode } from 'react';

/** One term and its value in an order's list of facts (`<dl className="order__facts">`); nothing without a value. */
export function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
