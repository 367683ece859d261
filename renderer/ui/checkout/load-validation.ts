// The form's checks arrive with the first interaction (or when the browser is idle), not with the page.
export type Validation = typeof import('./validation');

let loading: Promise<Validation> | undefined;

export const loadValidation = (): Promise<Validation> =>
  (loading ??= import('./validation').catch((error: unknown) => {
    // A failed download (network) is tried again at the next check.
    loading = undefined;
    throw error;
  }));
