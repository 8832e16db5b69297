import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Divider, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { type LoginInput, loginSchema } from '../../../shared/schemas/auth.ts';
import { texts } from '../../../shared/texts.ts';
import { signInWithGoogle, useSession, useSetupStatus, useSignInWithEmail } from '../../api/session.ts';
import { AuthLayout } from '../../features/auth/auth-layout.tsx';
import { signInErrorMessage } from '../../features/auth/sign-in-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

export function LoginPage() {
  const session = useSession();
  const setup = useSetupStatus();
  const navigate = useNavigate();
  const signIn = useSignInWithEmail();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  if (session.data) return <Navigate to="/pillow" replace />;
  if (setup.data?.needsSetup) return <Navigate to="/setup" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    const { data, error } = await signIn({ email: values.email, password: values.password });
    if (error || !data) {
      notifyError(texts.auth.loginFailed(signInErrorMessage(error ?? {})));
      return;
    }
    notifySuccess(texts.auth.welcome(data.user.name));
    navigate('/pillow', { replace: true });
  });

  const signInWithGoogleClicked = async () => {
    const { error } = await signInWithGoogle();
    if (error) notifyError(texts.auth.loginFailed(signInErrorMessage(error)));
  };

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout title={texts.auth.loginTitle}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label={texts.auth.email}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={texts.auth.password}
            type="password"
            autoComplete="current-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? texts.auth.loggingIn : texts.auth.login}
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
