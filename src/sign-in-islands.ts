/**
 * The sign-in pages' script (/login/agent, /login/lender, /login/admin; docs/architecture.md
 * §8). Their HTML is prerendered for a first visit and never changes, so, like the landing
 * page, they are not hydrated: React, Mantine and the router never load there, and a phone
 * can type as soon as the page has painted. The build makes this file on its own, sharing no
 * chunk with the app (build/prerender.ts), so it may import the app's plain modules: the
 * form's schema, the texts, the session's keys.
 *
 * It runs the form as the app's login form does (src/features/auth/components/login-form.tsx):
 * each field's first broken rule under it, "Signing in..." while it sends, a failure in the
 * alert and a toast, and on success the token stored and the next page opened, which says
 * "Logged in successfully!" (src/main.tsx). What the HTML cannot show it hands to the app,
 * which loads and draws the page afresh (handOver):
 * - somebody signed in (the app sends them on) and a phone set to Kiswahili;
 * - the code step of an account with a second factor.
 *
 * The language switch stores the choice and reloads, as the app's does. The brand and the
 * links are plain links.
 */
import { loginSchema, type LoginInput } from './domain/auth';
import { loginRoles, type LoginRole } from './domain/roles';
import type { LoginAnswer } from './domain/second-factor';
import { loginPathOf } from './features/auth/utils/login-role';
import {
  handChallenge,
  loginFailure,
  loginOutcome,
  type LoginOutcome,
} from './features/auth/utils/login-outcome';
import { absoluteBase } from './api/base-url';
import { serverSentence } from './api/server-sentence';
import { authText } from './i18n/auth';
import { appLanguage, switchLanguage } from './i18n/language';
import { schemaResolver } from './lib/form-resolver';
import { paths } from './lib/paths';
import {
  handedOverAttribute,
  keptOnScreen,
  prerenderedPageAt,
  signInTemplates,
} from './lib/prerendered-pages';
import { takeReturnPath } from './lib/return-path';
import { userFromToken } from './lib/session-token';
import { storageKeys } from './lib/storage-keys';
import { toasts } from './app/toast-settings';
import { registerOfflineShell } from './app/pwa/offline-shell';

type Field = keyof LoginInput;

/** A failed sign-in: the HTTP status (none: refused without one) and the server's sentence. */
class Refusal extends Error {
  constructor(
    readonly status?: number,
    readonly serverMessage?: string,
  ) {
    super('refused');
  }
}

const root = document.getElementById('root')!;
/** The id of the toast on screen. */
const shownToastId = `${signInTemplates.toast}-shown`;
const role = loginRoles.find(
  (candidate) => loginPathOf(candidate) === prerenderedPageAt(location.pathname)?.path,
);

/** A copy of one of the page's templates (signInTemplates). */
function drawn(id: string): HTMLElement {
  const template = document.getElementById(id);
  const element =
    template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
  if (!element) throw new Error(`The page has no template ${id}`);
  return element.cloneNode(true) as HTMLElement;
}

/**
 * The app draws the page instead (src/main.tsx renders it afresh, as the root says). Its
 * entry is named by this script's tag (build/prerender.ts). `keep`: the page stays on the
 * screen until the app's first render replaces it (the code step, while the form says
 * "Signing in..."); else the app clears it at once, as it clears a page drawn for somebody
 * else (a signed-in visitor, a Kiswahili phone).
 */
async function handOver({ keep = false } = {}): Promise<void> {
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (!app) throw new Error('The page names no app to hand over to');
  root.setAttribute(handedOverAttribute, keep ? keptOnScreen : '');
  // The app's toasts take over: a failure shown here must not outlive the next success.
  document.getElementById(shownToastId)?.remove();
  await import(/* @vite-ignore */ app);
}

/** One field of the form as Mantine draws it: its input and the boxes that show an error. */
function fieldOf(form: HTMLFormElement, name: Field) {
  const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const wrapper = input.closest<HTMLElement>('.mantine-InputWrapper-root')!;
  return {
    input,
    /** Shows the rule the value breaks under the field, or clears it (null). */
    setError(message: string | null) {
      const id = `${input.id}-error`;
      wrapper.querySelector(`[id="${id}"]`)?.remove();
      // As Mantine marks a field in error: the wrapper, the box around the input, the input.
      const box = input.closest<HTMLElement>('.mantine-Input-input') ?? input;
      for (const element of [wrapper, wrapper.querySelector('.mantine-Input-wrapper'), box]) {
        element?.toggleAttribute('data-error', message !== null);
      }
      if (input === box) input.setAttribute('aria-invalid', String(message !== null));
      else input.toggleAttribute('data-invalid', message !== null);
      if (message === null) {
        input.removeAttribute('aria-describedby');
        return;
      }
      const error = drawn(signInTemplates.fieldError);
      error.id = id;
      error.textContent = message;
      wrapper.append(error);
      input.setAttribute('aria-describedby', id);
    },
  };
}

/** The one toast, at the top right, gone after a while or when closed. */
function showToast(title: string, message: string): void {
  document.getElementById(shownToastId)?.remove();
  const toast = drawn(signInTemplates.toast);
  toast.id = shownToastId;
  toast.querySelector('.mantine-Notification-title')!.textContent = title;
  toast.querySelector('.mantine-Notification-description')!.textContent = message;
  toast.querySelector('.mantine-Notification-closeButton')?.addEventListener('click', () => {
    toast.remove();
  });
  document.body.append(toast);
  setTimeout(() => toast.remove(), toasts.autoClose);
}

/** The form's destructive alert, first in the form, or none (null). */
function setAlert(form: HTMLFormElement, message: string | null): void {
  form.querySelector(`[data-sign-in-alert]`)?.remove();
  if (message === null) return;
  const alert = drawn(signInTemplates.alert);
  alert.setAttribute('data-sign-in-alert', '');
  alert.querySelector('.mantine-Alert-message')!.textContent = message;
  form.querySelector('fieldset > *')?.prepend(alert);
}

/** POST /auth/{role}/login, as the app's HTTP client sends it. */
async function signIn(signInRole: LoginRole, values: LoginInput): Promise<LoginAnswer> {
  let response: Response;
  try {
    response = await fetch(`${absoluteBase()}/auth/${signInRole}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch {
    throw new Refusal(0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Refusal(response.status, serverSentence(body));
  return body as LoginAnswer;
}

/** The password field's show/hide toggle, as Mantine's PasswordInput has it. */
function passwordToggle(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="password"]');
  const toggle = form.querySelector<HTMLButtonElement>('.mantine-PasswordInput-visibilityToggle');
  const icon = toggle?.querySelector('svg');
  if (!input || !toggle || !icon) return;
  const hidden = icon.cloneNode(true);
  const shown = drawn(signInTemplates.passwordShown);
  // The focus stays in the field, as Mantine keeps it.
  toggle.addEventListener('mousedown', (event) => event.preventDefault());
  toggle.addEventListener('click', () => {
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    toggle.querySelector('svg')?.replaceWith((show ? shown : hidden).cloneNode(true));
  });
}

function run(form: HTMLFormElement, signInRole: LoginRole): void {
  const fields = { email: fieldOf(form, 'email'), password: fieldOf(form, 'password') };
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.querySelector('.mantine-Button-label') ?? button;
  const validate = schemaResolver(loginSchema);
  let busy = false;

  const setBusy = (next: boolean) => {
    busy = next;
    button.disabled = next;
    button.toggleAttribute('data-disabled', next);
    label.textContent = next ? authText.signingIn : authText.signIn;
  };

  // A field's error goes once it is changed (Mantine's clearInputErrorOnChange).
  for (const field of Object.values(fields)) {
    field.input.addEventListener('input', () => field.setError(null));
  }
  passwordToggle(form);
  document
    .querySelector('[data-language-switch]')
    ?.addEventListener('click', () => switchLanguage());

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const values = { email: fields.email.input.value, password: fields.password.input.value };
    const errors = validate(values);
    for (const [name, field] of Object.entries(fields)) field.setError(errors[name] ?? null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setAlert(form, null);
    void signIn(signInRole, values)
      .then(async (answer) => {
        let outcome: LoginOutcome;
        try {
          outcome = loginOutcome(answer);
        } catch {
          throw new Refusal();
        }
        if (outcome.kind === 'code') {
          handChallenge(signInRole, outcome.challengeToken);
          await handOver({ keep: true });
          return;
        }
        if (!userFromToken(outcome.token)) throw new Refusal();
        localStorage.setItem(storageKeys.token, outcome.token);
        sessionStorage.setItem(storageKeys.signedIn, '1');
        location.replace(outcome.enrolSecondFactor ? paths.secondFactorSetup : takeReturnPath());
      })
      .catch((failure: unknown) => {
        // Anything else failed to reach the app (the code step's hand-over): no network.
        const { alert, toast } =
          failure instanceof Refusal
            ? loginFailure(failure.status, failure.serverMessage)
            : loginFailure(0);
        setAlert(form, alert);
        showToast(authText.loginFailedTitle, toast);
        setBusy(false);
      });
  });
  // Until now the fields were disabled: text typed before this ran would never be sent.
  form.querySelector('fieldset')?.removeAttribute('disabled');
}

function start(): void {
  const form = root.querySelector('form');
  if (!form || !role) return;
  if (localStorage.getItem(storageKeys.token) || appLanguage() !== 'en') {
    // Should the app not load (a deploy removed it), the English form works here.
    handOver().catch(() => {
      root.removeAttribute(handedOverAttribute);
      run(form, role);
    });
    return;
  }
  run(form, role);
}

start();
registerOfflineShell();
