import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../components/layout/legal-page.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { privacySections } from '../../features/legal/privacy-sections.tsx';

export const Route = createFileRoute('/_site/privacy')({
  component: PrivacyPolicy,
});

function PrivacyPolicy() {
  const { settings } = useSiteConfig();
  const site = settings.siteName;
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`Your privacy matters to us. This policy explains what information ${site} collects when you use our website and services, how we use it, and the choices you have.`}
      sections={privacySections({
        site,
        supportEmail: settings.supportEmail,
        businessAddress: settings.businessAddress,
      })}
    />
  );
}
