/**
 * An account form's two lines: the refusal (an alert, read at once) and what was done (a status). Both are
 * always in the page, empty when there is nothing to say, so what appears in them is announced.
 */
export function FormMessages({ failure, notice }: { failure?: string | null; notice?: string | null }) {
  return (
    <>
      <p className="account__alert" role="alert">
        {failure}
      </p>
      {notice === undefined ? null : (
        <p className="account__notice" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
