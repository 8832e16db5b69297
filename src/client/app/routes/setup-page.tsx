import { zodResolver } from '@hookform/resolvers/zod';
import { publicPages, startScreen } from '../../../shared/screens.ts';
import '../../../shared/zod-danish.ts';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { type OwnerSetupInput, ownerSetupSchema } from '../../../shared/schemas/auth.ts';
import { texts } from '../../../shared/texts.ts';
import { useCreateOwner, useSetupStatus, useSignInWithEmail } from '../../api/session.ts';
import { AuthLayout } from '../../features/auth/auth-layout.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { Navigate, useNavigate } from '../../lib/router.tsx';

/** One-time page of a fresh install: creates the owner's account, then signs her in. */
export function SetupPage() {
  const setup = useSetupStatus();
  const navigate = useNavigate();
  const createOwner = useCreateOwner();
  const signIn = useSignInWithEmail();
  const creating = useRef(false);
  const form = useForm<OwnerSetupInput>({
    resolver: zodResolver(ownerSetupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  // Set-up done elsewhere: to the login page. Not while this page creates the owner and signs her in (the
  // status turns to done before the sign-in has answered, and the login page is a reload away).
  if (setup.data && !setup.data.needsSetup && !creating.current)
    return <Navigate to={publicPages.login} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    creating.current = true;
    try {
      await createOwner(values);
    } catch (error) {
      creating.current = false;
      notifyError(error);
      return;
    }
    let user: { name: string };
    try {
      user = await signIn({ email: values.email, password: values.password });
    } catch (error) {
      notifyError(texts.auth.loginFailed(error instanceof Error ? error.message : ''));
      navigate(publicPages.login, { replace: true });
      return;
    }
    notifySuccess(texts.auth.welcome(user.name));
    navigate(startScreen.path, { replace: true });
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout title={texts.auth.setupTitle} intro={texts.auth.setupIntro}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label={texts.auth.name}
            autoComplete="name"
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label={texts.auth.email}
            type="email"
            autoComplete="username"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={texts.auth.password}
            type="password"
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? texts.auth.passwordTooShort}
            {...form.register('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? texts.auth.creatingOwner : texts.auth.createOwner}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
