// The proof of work, solved by the ALTCHA widget (altcha 3) out of sight: its build without inline workers
// or styles (the pages' Content-Security-Policy allows neither), with the PBKDF2 worker served as one of
// the shop's own scripts. Loaded only when a form is started on, never with a page.
import 'altcha/external';
import type { AltchaWidgetElement } from 'altcha/external';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type { PowChallenge } from '../../../schemas/generated/api';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** The widget's methods exist once it is in the document (a Svelte custom element mounts on connect). */
async function mounted(widget: AltchaWidgetElement): Promise<void> {
  for (let frame = 0; typeof widget.verify !== 'function'; frame++) {
    if (frame > 60) throw new Error('The ALTCHA widget did not start.');
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** Solves the shop's challenge; the payload the shop checks (base64). */
export async function solvePow(challenge: PowChallenge): Promise<string | undefined> {
  const widget = document.createElement('altcha-widget');
  widget.hidden = true;
  widget.setAttribute('display', 'invisible');
  document.body.append(widget);
  try {
    await mounted(widget);
    await widget.configure({ challenge, minDuration: 0, hideFooter: true, hideLogo: true, humanInteractionSignature: false });
    return (await widget.verify())?.payload;
  } finally {
    widget.remove();
  }
}
