// The browser's side of the forms' anti-bot checks (docs/forms.md), kept out of the page's first load:
// the first time the shopper starts on a form (its focus), its guard is asked for and the proof of work
// starts solving in the background (prepare-guard.ts, loaded then); sending waits for both.
import { useCallback, useRef } from 'react';
import type { FormGuardQuery } from '../../../schemas/generated/api';
import { useApi } from '../../state/api-context';
import type { GuardFields, Prepared } from './prepare-guard';

export type FormName = FormGuardQuery['form'];

export function useFormGuard(form: FormName) {
  const api = useApi();
  const prepared = useRef<Promise<Prepared> | null>(null);
  /** Starts readying the guard (once; again after a failure). */
  const prepare = useCallback(() => {
    if (!prepared.current) {
      const started = import('./prepare-guard').then((guard) => guard.prepareGuard(api, form));
      prepared.current = started;
      started.catch(() => {
        if (prepared.current === started) prepared.current = null;
      });
    }
    return prepared.current;
  }, [api, form]);
  /** The guard's fields for one send (waiting out the least time a form takes); the next send readies another. */
  const fields = useCallback(async (): Promise<GuardFields> => {
    const ready = prepare();
    prepared.current = null;
    const guard = await import('./prepare-guard');
    return guard.guardFields(await ready);
  }, [prepare]);
  return { prepare, fields };
}
