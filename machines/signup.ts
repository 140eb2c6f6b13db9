// Registration: edit, check locally (required, matching passwords, accepted terms), send, then tell the user
// to open the activation mail.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { SignupRequest } from '../src/api/schemas/user.ts';
import { normalizeEmail } from '../src/domain/email.ts';
import { errorsFromBody } from '../src/api/errors.ts';
import { emailError, hasErrors, newPasswordErrors, requiredErrors, withoutError, type FormErrors } from './formErrors.ts';

export type SignupField = 'email' | 'password' | 'passwordConfirm';
export type SignupErrorField = SignupField | 'agree' | 'recaptcha' | 'refferal';
const FIELDS: readonly SignupField[] = ['email', 'password', 'passwordConfirm'];
const SERVER_FIELDS: readonly SignupErrorField[] = [...FIELDS, 'agree', 'recaptcha', 'refferal'];

export interface SignupInput {
  captchaRequired: boolean;
  /** Referral code the visitor arrived with, if any. */
  referral: string | null;
}

export interface SignupContext extends Record<SignupField, string> {
  agree: boolean;
  captchaRequired: boolean;
  recaptcha: string;
  referral: string | null;
  errors: FormErrors<SignupErrorField>;
}

export type SignupEvent =
  | { type: 'field.changed'; name: SignupField; value: string }
  | { type: 'agree.changed'; value: boolean }
  | { type: 'captcha.changed'; token: string }
  | { type: 'captcha.configured'; required: boolean }
  | { type: 'submit' };

/** Every problem the form can see without asking the server, all at once. */
export function localSignupErrors(context: SignupContext): FormErrors<SignupErrorField> {
  const errors: FormErrors<SignupErrorField> = { ...newPasswordErrors(context.password, context.passwordConfirm), ...requiredErrors(context, FIELDS) };
  const emailProblem = emailError(context.email);
  if (emailProblem) errors.email = emailProblem;
  if (!context.agree) errors.agree = { code: 'agreement_required' };
  return errors;
}

export function signupRequestOf(context: SignupContext): SignupRequest {
  const request: SignupRequest = {
    email: normalizeEmail(context.email),
    password: context.password,
    passwordConfirm: context.passwordConfirm,
    agree: context.agree,
  };
  if (context.referral) request.refferal = context.referral;
  if (context.captchaRequired) request.recaptcha = context.recaptcha;
  return request;
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    /** Provided by the app: sends `captcha.configured` with the public settings' switch, at once and on every change. */
    watchCaptchaSetting: fromCallback<SignupEvent>(() => undefined),
    /** POST /api/v1/users/signup/; rejects with the error body. */
    signup: fromPromise<void, SignupRequest>(async () => {
      throw new Error('signup: the app must provide the "signup" actor');
    }),
  },
  actions: {
    storeField: assign(({ event }) => {
      assertEvent(event, 'field.changed');
      return { [event.name]: event.value };
    }),
    clearFieldError: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return { errors: withoutError(context.errors, event.name) };
    }),
    storeAgreement: assign(({ event }) => {
      assertEvent(event, 'agree.changed');
      return { agree: event.value };
    }),
    storeCaptchaToken: assign(({ event }) => {
      assertEvent(event, 'captcha.changed');
      return { recaptcha: event.token };
    }),
    /** A captcha token is single-use: the widget is solved again after a failure. */
    dropCaptchaToken: assign({ recaptcha: '' }),
    configureCaptcha: assign(({ event }) => {
      assertEvent(event, 'captcha.configured');
      return { captchaRequired: event.required };
    }),
    clearErrors: assign(({ context }, { fields }: { fields: readonly SignupErrorField[] }) => ({
      errors: withoutError(context.errors, ...fields),
    })),
    clearAllErrors: assign({ errors: {} }),
    showFormErrors: assign(({ context }) => ({ errors: localSignupErrors(context) })),
    showServerErrors: assign((_, { error }: { error: unknown }) => ({ errors: errorsFromBody(error, SERVER_FIELDS) })),
    /** An unknown referral code must not block the sign-up: the next submit goes without it. */
    dropRefusedReferral: assign(({ context }) => ({ referral: context.errors.refferal ? null : context.referral })),
  },
  guards: {
    formInvalid: ({ context }) => hasErrors(localSignupErrors(context)),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id names the machine in diagrams and the inspector; no state refers to it.
  id: 'signup',
  context: ({ input }) => ({
    email: '',
    password: '',
    passwordConfirm: '',
    agree: false,
    captchaRequired: input.captchaRequired,
    recaptcha: '',
    referral: input.referral,
    errors: {},
  }),
  invoke: { src: 'watchCaptchaSetting' },
  on: {
    'captcha.configured': { actions: 'configureCaptcha' },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: ['storeField', 'clearFieldError'] },
        'agree.changed': { actions: ['storeAgreement', { type: 'clearErrors', params: { fields: ['agree'] } }] },
        'captcha.changed': { actions: ['storeCaptchaToken', { type: 'clearErrors', params: { fields: ['recaptcha'] } }] },
        submit: [{ guard: 'formInvalid', actions: 'showFormErrors' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearAllErrors',
      invoke: {
        src: 'signup',
        input: ({ context }) => signupRequestOf(context),
        onDone: { target: 'sent' },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) },
            'dropCaptchaToken',
            'dropRefusedReferral',
          ],
        },
      },
    },
    /** The activation mail is on its way. */
    sent: { type: 'final' },
  },
});

export type SignupMachine = typeof signupMachine;
