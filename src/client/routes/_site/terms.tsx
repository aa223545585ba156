import { Anchor, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, type TLegalSection } from '../../components/layout/legal-page.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';

export const Route = createFileRoute('/_site/terms')({
  component: TermsOfService,
});

function TermsOfService() {
  const { settings } = useSiteConfig();
  const site = settings.siteName;
  const sections: TLegalSection[] = [
    {
      title: 'Acceptance of Terms',
      body: (
        <Text inherit>
          By accessing or using {site}, you agree to these Terms of Service and to our Privacy Policy. If you
          do not agree, please do not use the service.
        </Text>
      ),
    },
    {
      title: 'Eligibility',
      body: (
        <Text inherit>
          You must be 18 or older, and able to form a binding contract, to use {site} and to make a booking.
          By using the service you confirm that you meet these requirements.
        </Text>
      ),
    },
    {
      title: 'Your Account',
      body: (
        <Text inherit>
          You are responsible for the information in your account and for keeping your password safe. Tell us
          straight away if you suspect someone else has used your account. You may close your account at any
          time.
        </Text>
      ),
    },
    {
      title: 'Bookings and Payments',
      body: (
        <Text inherit>
          A booking is a contract between you and {site} for the stay you selected. The price shown before you
          confirm includes the nightly rate for each night and applicable taxes (GST). Amounts shown in a
          currency other than US dollars are estimates based on the latest exchange rate; the booking is
          priced in US dollars.
        </Text>
      ),
    },
    {
      title: 'Cancellations and Changes',
      body: (
        <Text inherit>
          Cancellation policies vary by property and are shown before you book. Requests to change dates or
          guests are subject to availability and may change the price. Where a stay cannot go ahead because of
          us, we will offer a full refund or a comparable alternative.
        </Text>
      ),
    },
    {
      title: 'Guest Responsibilities',
      body: (
        <Text inherit>
          Treat each home with care, respect its house rules and neighbours, and do not exceed the maximum
          number of guests for the property. You are responsible for damage caused during your stay beyond
          normal wear and tear.
        </Text>
      ),
    },
    {
      title: 'Listings and Content',
      body: (
        <Text inherit>
          We work hard to keep listings accurate, but photos, descriptions and amenities are provided for
          guidance. If something on arrival differs materially from the listing, contact us within 24 hours so
          we can put it right.
        </Text>
      ),
    },
    {
      title: 'Reviews',
      body: (
        <Text inherit>
          Reviews must reflect a genuine experience and must not contain offensive, unlawful or misleading
          content. We may remove reviews that break these rules.
        </Text>
      ),
    },
    {
      title: 'Prohibited Conduct',
      body: (
        <Text inherit>
          Do not misuse the service: no fraudulent bookings, no attempts to access accounts or systems that
          are not yours, no automated scraping or load that disrupts the site, and no use of {site} for
          anything unlawful.
        </Text>
      ),
    },
    {
      title: 'Limitation of Liability',
      body: (
        <Text inherit>
          To the fullest extent permitted by law, {site} is not liable for indirect or consequential losses,
          and our total liability for any claim relating to a booking is limited to the amount you paid for
          that booking. Nothing in these terms limits liability that cannot be limited by law.
        </Text>
      ),
    },
    {
      title: 'Dispute Resolution',
      body: (
        <Text inherit>
          If a dispute arises, please contact us first: most concerns are resolved quickly. Any dispute that
          we cannot resolve informally will be settled by binding arbitration on an individual basis, rather
          than in court, except where the law gives you the right to bring a claim in a small-claims court.
        </Text>
      ),
    },
    {
      title: 'Changes and Contact',
      body: (
        <Text inherit>
          We may update these terms from time to time; the date at the top of this page shows the latest
          version, and continued use of the service means you accept the changes. Questions? Write to{' '}
          <Anchor href={`mailto:${settings.supportEmail}`} inherit>
            {settings.supportEmail}
          </Anchor>
          .
        </Text>
      ),
    },
  ];
  return (
    <LegalPage
      title="Terms of Service"
      intro={`These terms govern your use of ${site} and any booking you make through it. Please read them carefully.`}
      sections={sections}
    />
  );
}
