import type { FieldErrors } from './checkout-form';
import { Deferred } from './Deferred';

const loadErrorList = () => import('./ErrorList').then((m) => m.default);

/**
 * After a refused submit: what to correct, announced (role=alert, always in the page so its content is
 * read when it appears), each item a link to its field; the first bad field gets the focus. The list's
 * code arrives with the first refused submit.
 */
export function ErrorSummary({ errors, paths }: { errors: FieldErrors; paths: string[] | null }) {
  return (
    <div className="checkout-errors" role="alert">
      {paths?.length ? <Deferred load={loadErrorList} props={{ errors, paths }} fallback={null} /> : null}
    </div>
  );
}
