import type { FormEvent } from 'react';
import { useSessionView } from '../app/services/session';
import { fieldMessage } from '../fields/messages';
import type { FieldMessage } from '../../machines/entityForm.types';
import { useT } from '../i18n/i18n';

function FieldError({ id, messages }: { id: string; messages?: FieldMessage[] }) {
  const t = useT();
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-danger">
      {messages.map((m) => fieldMessage(t, m)).join(' ')}
    </p>
  );
}

export default function LoginScreen() {
  const t = useT();
  const busy = useSessionView((s) => s.loggingIn);
  const errors = useSessionView((s) => s.loginErrors);
  const site = useSessionView((s) => s.siteName) ?? t('app.name');
  const login = useSessionView((s) => s.login);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') });
  };

  const input =
    'mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2 text-ink placeholder:text-ink-faint focus:border-brand-ink aria-[invalid=true]:border-danger';
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-sm rounded-xl border border-surface-border bg-surface-raised p-8 shadow-xl"
        aria-labelledby="login-title"
      >
        <h1 id="login-title" className="text-2xl font-semibold">
          {t('login.title')}
        </h1>
        <p className="mb-6 text-ink-muted">{t('login.subtitle', { site })}</p>
        {errors?.non_field_errors && (
          <div role="alert" className="mb-4 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {errors.non_field_errors.map((m) => fieldMessage(t, m)).join(' ')}
          </div>
        )}
        <label className="mb-4 block text-sm font-medium">
          {t('login.username')}
          <input
            name="username"
            autoComplete="username"
            autoFocus
            required
            className={input}
            aria-invalid={!!errors?.username}
            aria-describedby="username-error"
          />
          <FieldError id="username-error" messages={errors?.username} />
        </label>
        <label className="mb-6 block text-sm font-medium">
          {t('login.password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={input}
            aria-invalid={!!errors?.password}
            aria-describedby="password-error"
          />
          <FieldError id="password-error" messages={errors?.password} />
        </label>
        <button type="submit" disabled={busy} className="w-full rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-strong disabled:opacity-60">
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </div>
  );
}
