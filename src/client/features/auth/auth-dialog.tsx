import { Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle, IconMail } from '@tabler/icons-react';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import '../../styles/more-components.css';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

const SOCIAL_PROVIDERS = [
  { name: 'Google', icon: IconBrandGoogle },
  { name: 'Facebook', icon: IconBrandFacebook },
  { name: 'Apple', icon: IconBrandApple },
] as const;

/** The login / sign-up dialog (docs/product.md#guest-pages). Rendered once; opened through useAuth().openAuthDialog. */
export function AuthDialog() {
  const { authDialog, openAuthDialog, closeAuthDialog } = useAuth();
  const { settings } = useSiteConfig();
  const isLogin = authDialog.view === 'login';
  return (
    <Modal
      opened={authDialog.opened}
      onClose={closeAuthDialog}
      title={<Text fw={700}>{isLogin ? 'Log in or sign up' : 'Sign up'}</Text>}
      centered
      size="md"
      data-testid="auth-dialog"
    >
      <Stack gap="md">
        <Title order={3}>Welcome to {settings.siteName}</Title>
        {isLogin ? <LoginForm /> : <RegisterForm />}
        <Divider label="or" labelPosition="center" />
        <Stack gap="xs">
          {SOCIAL_PROVIDERS.map(({ name, icon: Icon }) => (
            <Button
              key={name}
              variant="default"
              fullWidth
              leftSection={<Icon size={18} aria-hidden />}
              onClick={() =>
                notifications.show({
                  title: 'Social login',
                  message: `${name} login is not implemented in this demo.`,
                })
              }
            >
              Continue with {name}
            </Button>
          ))}
          <Button
            variant="subtle"
            fullWidth
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={() => openAuthDialog(isLogin ? 'register' : 'login')}
          >
            {isLogin ? 'Sign up with Email' : 'Login with Email'}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
