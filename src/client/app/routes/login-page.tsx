import { Box, Button, Divider, Stack, TextField } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { type LoginErrors, validateLogin } from '../../../shared/domain/login-form.ts';
import { texts } from '../../../shared/texts.ts';
import { signInWithGoogle, useSetupStatus, useSignedIn, useSignInWithEmail } from '../../api/session.ts';
import { AuthLayout } from '../../features/auth/auth-layout.tsx';
import { signInErrorMessage } from '../../features/auth/sign-in-error.ts';
import { ApiError } from '../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { preloadPageCode } from '../../lib/preload-page.ts';

/** Where a sign-in leads. */
const FIRST_PAGE = '/pillow';

const errorOf = (error: unknown) =>
  error instanceof ApiError ? { status: error.status, code: error.code, message: error.message } : {};

/**
 * The login page is the first thing a phone loads: it checks its two fields itself (validateLogin agrees
 * with the shared loginSchema, see its test) instead of carrying a form and a validation library.
 */
export function LoginPage() {
  // Offline, the user of the last session goes straight to the cached data.
  const signedIn = useSignedIn();
  const setup = useSetupStatus();
  const navigate = useNavigate();
  const signIn = useSignInWithEmail();
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (signedIn.status === 'signedIn') return <Navigate to={FIRST_PAGE} replace />;
  if (setup.data?.needsSetup) return <Navigate to="/setup" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const values = { email: emailRef.current?.value ?? '', password: passwordRef.current?.value ?? '' };
    const found = validateLogin(values);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    try {
      preloadPageCode(FIRST_PAGE);
      const user = await signIn({ email: values.email.trim(), password: values.password }, FIRST_PAGE);
      notifySuccess(texts.auth.welcome(user.name));
      navigate(FIRST_PAGE, { replace: true });
    } catch (error) {
      notifyError(texts.auth.loginFailed(signInErrorMessage(errorOf(error))));
      setSubmitting(false);
    }
  };

  const signInWithGoogleClicked = async () => {
    try {
      await signInWithGoogle();
    } catch (error) {
      notifyError(texts.auth.loginFailed(signInErrorMessage(errorOf(error))));
    }
  };

  return (
    <AuthLayout title={texts.auth.loginTitle}>
      {/* While the owner types (or her browser fills in), Puden's code is fetched, so it is there when the
          sign-in answers instead of being asked for after it. */}
      <Box component="form" noValidate onSubmit={onSubmit} onInput={() => preloadPageCode(FIRST_PAGE)}>
        <Stack spacing={2}>
          <TextField
            label={texts.auth.email}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            inputRef={emailRef}
            error={Boolean(errors.email)}
            helperText={errors.email}
            onChange={() => errors.email && setErrors((e) => ({ ...e, email: undefined }))}
          />
          <TextField
            label={texts.auth.password}
            name="password"
            type="password"
            autoComplete="current-password"
            inputRef={passwordRef}
            error={Boolean(errors.password)}
            helperText={errors.password}
            onChange={() => errors.password && setErrors((e) => ({ ...e, password: undefined }))}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitting ? texts.auth.loggingIn : texts.auth.login}
          </Button>
          {setup.data?.google && (
            <>
              <Divider>{texts.auth.or}</Divider>
              <Button variant="outlined" size="large" onClick={signInWithGoogleClicked}>
                {texts.auth.loginWithGoogle}
              </Button>
            </>
          )}
        </Stack>
      </Box>
    </AuthLayout>
  );
}
