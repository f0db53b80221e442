import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, totpCodeRequestSchema } from '@store/shared/admin';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useStartTotpSetup, useTotpSwitch, type TotpSetup } from '../api/admin-totp';
import { useAdminSession } from '../admin-session-store';
import { AdminField } from './admin-field';
import { useAdminTitle } from './use-admin-title';

type CodeInput = z.input<typeof totpCodeRequestSchema>;
type Code = z.output<typeof totpCodeRequestSchema>;

/**
 * /admin/security (issue 12): two-step sign-in. Off: set it up (a QR code and the secret to type, then a code from
 * the app to confirm). On: turn it off with a current code, unless admins must use it (ADMIN_REQUIRE_TOTP=1).
 */
export function AdminSecurityPage() {
  useAdminTitle('Security');
  const session = useAdminSession();
  const [notice, setNotice] = useState<string | null>(null);
  if (!session) return null;
  const { user } = session;
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Security</h1>
      <p role="status" className={notice ? 'admin-notice' : undefined}>
        {notice}
      </p>
      {user.totp_setup_required && (
        <p className="admin-soon" role="alert">
          {ADMIN_MESSAGES.totpSetupFirst}
        </p>
      )}
      <h2>Two-step sign-in</h2>
      {user.totp_enabled ? (
        <TotpOn mayTurnOff={!user.totp_required} onDone={setNotice} />
      ) : (
        <TotpSetupSteps onDone={setNotice} />
      )}
    </section>
  );
}

function useCodeForm() {
  return useForm<CodeInput, unknown, Code>({
    resolver: zodResolver(totpCodeRequestSchema),
    defaultValues: { code: '' },
  });
}

function TotpSetupSteps({ onDone }: { onDone: (message: string) => void }) {
  const start = useStartTotpSetup();
  const enable = useTotpSwitch('enable');
  const [qr, setQr] = useState<string | null>(null);
  const form = useCodeForm();
  const setup: TotpSetup | undefined = start.data;

  useEffect(() => {
    if (!setup) return;
    let live = true;
    void toDataURL(setup.otpauth_uri, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [setup]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await enable.mutateAsync(code);
      onDone(answer.message);
    } catch (error) {
      form.setError('code', {
        message: error instanceof ApiError ? error.message : 'The server did not answer. Please try again.',
      });
      form.setFocus('code');
    }
  });

  if (!setup) {
    return (
      <div className="admin-security">
        <p>
          Two-step sign-in is off. With it on, signing in also needs the 6-digit code from an authenticator
          app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).
        </p>
        {start.isError && (
          <p role="alert" className="admin-form__alert">
            {start.error.message}
          </p>
        )}
        <button type="button" className="button" disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? 'Starting…' : 'Set up two-step sign-in'}
        </button>
      </div>
    );
  }
  return (
    <div className="admin-security">
      <ol className="admin-security__steps">
        <li>
          Scan this QR code with your authenticator app:
          <div className="admin-security__qr">
            {qr ? (
              <img src={qr} width={200} height={200} alt="QR code for your authenticator app" />
            ) : (
              <span role="status">Drawing the QR code…</span>
            )}
          </div>
          Or type this key into the app:{' '}
          <code className="admin-security__secret">{groupInFours(setup.secret)}</code>
        </li>
        <li>
          <form className="admin-form" noValidate onSubmit={onSubmit} aria-label="Confirm two-step sign-in">
            <AdminField
              {...form.register('code')}
              label="Code from the app"
              hint="Six digits; a new one every 30 seconds."
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              error={form.formState.errors.code}
            />
            <button type="submit" className="button admin-submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Checking…' : 'Turn on two-step sign-in'}
            </button>
          </form>
        </li>
      </ol>
    </div>
  );
}

function TotpOn({ mayTurnOff, onDone }: { mayTurnOff: boolean; onDone: (message: string) => void }) {
  const disable = useTotpSwitch('disable');
  const form = useCodeForm();
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await disable.mutateAsync(code);
      onDone(answer.message);
    } catch (error) {
      form.setError('code', {
        message: error instanceof ApiError ? error.message : 'The server did not answer. Please try again.',
      });
      form.setFocus('code');
    }
  });
  return (
    <div className="admin-security">
      <p>Two-step sign-in is on: each sign-in asks for the code from your authenticator app.</p>
      {mayTurnOff ? (
        <form className="admin-form" noValidate onSubmit={onSubmit} aria-label="Turn off two-step sign-in">
          <AdminField
            {...form.register('code')}
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={form.formState.errors.code}
          />
          <button
            type="submit"
            className="button admin-button--secondary"
            disabled={form.formState.isSubmitting}
          >
            Turn off two-step sign-in
          </button>
        </form>
      ) : (
        <p>{ADMIN_MESSAGES.totpCannotDisable}</p>
      )}
    </div>
  );
}

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP', easier to type. */
function groupInFours(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
