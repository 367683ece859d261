// The account calls of spec section 7 "Customer" (register, login, forgotten and reset password, change of
// password) and what a real account needs beside them (activation, sign-out, profile, sessions, data
// export, deletion). A browser's session is the HttpOnly `token` cookie, set here; an API client asks for
// the token (`session: token`) and sends it as the `sign` header. Register, resend-activation and
// forgotten-password answer alike for every address (no account enumeration).
import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type {
  AccountExport,
  AccountNotice,
  ChangePasswordRequest,
  Customer,
  CustomerSession,
  EmailRequest,
  LinkRequest,
  LoginRequest,
  PasswordRequest,
  ProfileAnswer,
  ProfileUpdate,
  RegisterRequest,
  ResetLink,
  ResetPasswordRequest,
  SessionsEnded,
  SignedIn,
} from '../../schemas/generated/api';
import type { Started } from '../commerce/customers/accounts';
import { SESSION_LIFETIME_MS } from '../commerce/customers/sessions';
import { customerView, sessionView } from '../commerce/customers/customer-view';
import { ShopError } from '../commerce/errors';
import { fromShopOrigin } from '../shopper-context';
import { SIGNED_IN_COOKIE, TOKEN_COOKIE } from '../../renderer/state/cookies';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { requireCustomer } from './request-context';
import { valid, validate } from './validate';

const NOTICE = 'If this address can be used, we have sent a mail to it: follow the link in it.';

export function customerAccountRoutes({ commerce, origin, clientIp }: ApiDeps) {
  const { accounts, sessions } = commerce.customers;
  const secure = origin.startsWith('https:');

  /** Hands a started session out: the cookie for a browser, the token for a client that asked for it. */
  const handOut = (c: Context, started: Started, as: 'cookie' | 'token' = 'cookie') => {
    if (as === 'token') return ok<SignedIn>(c, { customer: customerView(started.customer), token: started.token });
    const maxAge = SESSION_LIFETIME_MS / 1000;
    setCookie(c, TOKEN_COOKIE, started.token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge });
    setCookie(c, SIGNED_IN_COOKIE, '1', { path: '/', sameSite: 'Lax', secure, maxAge });
    return ok<SignedIn>(c, { customer: customerView(started.customer) });
  };
  const forget = (c: Context) => {
    deleteCookie(c, TOKEN_COOKIE, { path: '/', secure });
    deleteCookie(c, SIGNED_IN_COOKIE, { path: '/', secure });
  };
  /** Sign-in and registration from a browser must come from the shop's pages (no login CSRF). */
  const fromShop = (c: Context) => {
    if (c.req.header('origin') !== undefined && !fromShopOrigin(c, origin)) {
      throw new ShopError('forbidden', 'This request was sent from another site: it is refused.');
    }
  };
  /** A session that replaces one the browser had (sign-in while signed in): the old one ends. */
  const endCurrent = async (c: Context) => {
    const current = c.get('shopper').customer;
    if (current) await sessions.end(current.id, current.sessionId);
  };
  const userAgent = (c: Context) => c.req.header('user-agent');

  return new Hono()
    .post(
      '/customer/user/register',
      describeRoute({
        summary: 'Registers an account; its activation link is mailed (the same answer for a known address)',
        tag: 'Customer',
        response: 'AccountNotice',
        caller: 'anyone',
      }),
      validate('json', 'RegisterRequest'),
      async (c) => {
        fromShop(c);
        const input = valid<RegisterRequest>(c, 'json');
        await accounts.register(input, c.get('shopper').locale);
        return c.json({ code: 200, message: NOTICE, data: { email: input.email.trim() } satisfies AccountNotice });
      },
    )
    .post(
      '/customer/user/activation-mail',
      describeRoute({
        summary: 'Mails a new activation link to an account waiting for it (the same answer for any address)',
        tag: 'Customer',
        response: 'AccountNotice',
        caller: 'anyone',
      }),
      validate('json', 'EmailRequest'),
      async (c) => {
        const { email } = valid<EmailRequest>(c, 'json');
        accounts.resendActivation(email);
        return c.json({ code: 200, message: NOTICE, data: { email } satisfies AccountNotice });
      },
    )
    .post(
      '/customer/user/activate',
      describeRoute({
        summary: 'Activates an account with its mailed link and signs it in (6003: invalid or expired link)',
        tag: 'Customer',
        response: 'SignedIn',
        caller: 'anyone',
      }),
      validate('json', 'LinkRequest'),
      async (c) => {
        const started = await accounts.activate(valid<LinkRequest>(c, 'json').token, userAgent(c));
        await endCurrent(c);
        return handOut(c, started);
      },
    )
    .post(
      '/customer/user/login',
      describeRoute({
        summary:
          'Signs in (6001: wrong email or password, alike; 6002: not activated, only after the right password; 6007: too many failures)',
        tag: 'Customer',
        response: 'SignedIn',
        caller: 'anyone',
      }),
      validate('json', 'LoginRequest'),
      async (c) => {
        fromShop(c);
        const { email, password, session } = valid<LoginRequest>(c, 'json');
        const started = await accounts.signIn(email, password, { ip: clientIp(c), userAgent: userAgent(c) });
        await endCurrent(c);
        return handOut(c, started, session);
      },
    )
    .post(
      '/customer/user/logout',
      describeRoute({ summary: 'Signs out: this session ends', tag: 'Customer', response: 'SessionsEnded', caller: 'anyone' }),
      async (c) => {
        const current = c.get('shopper').customer;
        const ended = current ? await accounts.signOut(current.id, current.sessionId) : false;
        forget(c);
        return ok<SessionsEnded>(c, { ended: ended ? 1 : 0 });
      },
    )
    .put(
      '/customer/user/forgetPassword',
      describeRoute({
        summary: 'Mails a reset link when the address has an account (the same answer for any address)',
        tag: 'Customer',
        response: 'AccountNotice',
        caller: 'anyone',
      }),
      validate('query', 'EmailRequest'),
      async (c) => {
        const { email } = valid<EmailRequest>(c, 'query');
        accounts.forgotPassword(email);
        return c.json({ code: 200, message: NOTICE, data: { email } satisfies AccountNotice });
      },
    )
    .post(
      '/customer/user/reset/check',
      describeRoute({
        summary: 'Checks a reset link before its form (6003: invalid or expired); every session of the account ends',
        tag: 'Customer',
        response: 'ResetLink',
        caller: 'anyone',
      }),
      validate('json', 'LinkRequest'),
      async (c) => ok<ResetLink>(c, await accounts.checkResetLink(valid<LinkRequest>(c, 'json').token)),
    )
    .post(
      '/customer/user/checkPwd',
      describeRoute({
        summary: 'Sets a new password with a reset link (6003, 6004); every other session ends and this one signs in',
        tag: 'Customer',
        response: 'SignedIn',
        caller: 'anyone',
      }),
      validate('json', 'ResetPasswordRequest'),
      async (c) => {
        const { token, password } = valid<ResetPasswordRequest>(c, 'json');
        const started = await accounts.resetPassword(token, password, userAgent(c));
        return handOut(c, started);
      },
    )
    .put(
      '/customer/user/pass',
      describeRoute({
        summary: 'Changes the password after the current one (6005, 6004): the other sessions end, this one gets a new token',
        tag: 'Customer',
        response: 'SignedIn',
        caller: 'customer',
      }),
      validate('json', 'ChangePasswordRequest'),
      async (c) => {
        const customer = requireCustomer(c);
        const started = await accounts.changePassword(customer.id, valid<ChangePasswordRequest>(c, 'json'), {
          ip: clientIp(c),
          userAgent: userAgent(c),
        });
        return handOut(c, started, customer.via === 'sign' ? 'token' : 'cookie');
      },
    )
    .get(
      '/customer/user',
      describeRoute({ summary: 'The signed-in account', tag: 'Customer', response: 'Customer', caller: 'customer' }),
      async (c) => {
        const row = await accounts.byId(requireCustomer(c).id);
        if (!row) throw new ShopError('unauthorized', 'Please sign in again.');
        return ok<Customer>(c, customerView(row));
      },
    )
    .put(
      '/customer/user',
      describeRoute({
        summary: 'Changes names and newsletter; a new email applies once the link mailed to it is opened',
        tag: 'Customer',
        response: 'ProfileAnswer',
        caller: 'customer',
      }),
      validate('json', 'ProfileUpdate'),
      async (c) => {
        const signedIn = requireCustomer(c);
        const input = valid<ProfileUpdate>(c, 'json');
        const before = input.acceptsMarketing === undefined ? undefined : (await accounts.byId(signedIn.id))?.acceptsMarketing;
        const { customer, emailPending } = await accounts.updateProfile(signedIn.id, input);
        // The newsletter's list follows the account's box (docs/forms.md): ticked, the address is confirmed
        // by mail (double opt-in); unticked, the consent is withdrawn (both kept in the ledger).
        if (before !== undefined && before !== customer.acceptsMarketing) {
          const actor = {
            ip: clientIp(c),
            userAgent: c.req.header('user-agent'),
            locale: c.get('shopper').locale,
            customer: signedIn,
          };
          if (customer.acceptsMarketing) commerce.forms.newsletter.fromAccount(signedIn, actor);
          else await commerce.forms.newsletter.withdrawAccount(signedIn, actor);
        }
        return ok<ProfileAnswer>(c, { customer: customerView(customer), emailPending });
      },
    )
    .post(
      '/customer/user/email/confirm',
      describeRoute({
        summary: 'Confirms a new email address with the link mailed to it (6003)',
        tag: 'Customer',
        response: 'Customer',
        caller: 'anyone',
      }),
      validate('json', 'LinkRequest'),
      async (c) => ok<Customer>(c, customerView(await accounts.confirmEmail(valid<LinkRequest>(c, 'json').token))),
    )
    .get(
      '/customer/user/sessions',
      describeRoute({
        summary: "The account's signed-in sessions",
        tag: 'Customer',
        response: 'CustomerSession[]',
        caller: 'customer',
      }),
      async (c) => {
        const customer = requireCustomer(c);
        const rows = await sessions.list(customer.id);
        return ok<CustomerSession[]>(
          c,
          rows.map((s) => sessionView(s, customer.sessionId)),
        );
      },
    )
    .delete(
      '/customer/user/sessions',
      describeRoute({
        summary: 'Signs out everywhere else: every session but this one ends',
        tag: 'Customer',
        response: 'SessionsEnded',
        caller: 'customer',
      }),
      async (c) => {
        const customer = requireCustomer(c);
        return ok<SessionsEnded>(c, { ended: await sessions.endAll(customer.id, customer.sessionId) });
      },
    )
    .delete(
      '/customer/user/sessions/:id',
      describeRoute({
        summary: 'Ends one session of the account (404: none)',
        tag: 'Customer',
        response: 'SessionsEnded',
        caller: 'customer',
      }),
      async (c) => {
        const customer = requireCustomer(c);
        const id = c.req.param('id');
        const ended = /^[0-9]{1,9}$/.test(id) && (await sessions.end(customer.id, Number(id)));
        if (!ended) throw new ShopError('notFound', 'There is no such session.');
        return ok<SessionsEnded>(c, { ended: 1 });
      },
    )
    .get(
      '/customer/user/export',
      describeRoute({
        summary: 'Everything the shop keeps of the account, as JSON (data export)',
        tag: 'Customer',
        response: 'AccountExport',
        caller: 'customer',
      }),
      async (c) => {
        c.header('Content-Disposition', 'attachment; filename="account.json"');
        const customer = requireCustomer(c);
        return ok<AccountExport>(c, await commerce.customers.exportData(customer.id, customer.sessionId));
      },
    )
    .delete(
      '/customer/user',
      describeRoute({
        summary: 'Deletes the account after its password (6005): its orders stay, no longer linked to it',
        tag: 'Customer',
        response: 'SessionsEnded',
        caller: 'customer',
      }),
      validate('json', 'PasswordRequest'),
      async (c) => {
        await accounts.deleteAccount(requireCustomer(c).id, valid<PasswordRequest>(c, 'json').password, clientIp(c));
        forget(c);
        return ok<SessionsEnded>(c, { ended: 1 });
      },
    );
}
