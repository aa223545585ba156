import { Anchor, List, Text } from '@mantine/core';
import type { TLegalSection } from '../../components/layout/legal-page.tsx';

/** Who the policy names: the site as its settings call it, and where to write. */
export interface TPrivacyContact {
  site: string;
  supportEmail: string;
  businessAddress: string;
}

/** The Privacy Policy's sections, in the site's own name and with its contact details. */
export function privacySections(contact: TPrivacyContact): TLegalSection[] {
  const { site } = contact;
  return [
    {
      title: 'Information We Collect',
      body: (
        <>
          <Text inherit>We collect only what we need to run the service and look after your stay:</Text>
          <List spacing={4}>
            <List.Item>
              Account details you give us: username, email address, and optionally your name.
            </List.Item>
            <List.Item>
              Booking details: dates, number of guests, and the contact information you enter (name, email,
              phone, country and any special requests).
            </List.Item>
            <List.Item>Reviews and ratings you choose to publish.</List.Item>
            <List.Item>
              Technical data such as your browser type, device settings and the pages you visit, used to keep
              the site secure and working.
            </List.Item>
          </List>
        </>
      ),
    },
    {
      title: 'How We Use Your Information',
      body: (
        <Text inherit>
          We use your information to create and manage your bookings, confirm your stay, answer your
          questions, keep your account secure, prevent fraud and abuse, meet our legal obligations, and
          improve {site}. We do not sell your personal information.
        </Text>
      ),
    },
    {
      title: 'Sharing Your Information',
      body: (
        <Text inherit>
          We share information only when it is needed to provide your stay or required by law: with service
          providers who process data on our behalf under written agreements (for example hosting and payment
          processing), with authorities when the law requires it, and with a successor if {site} is ever
          merged or acquired, in which case this policy continues to protect your data.
        </Text>
      ),
    },
    {
      title: 'Cookies and Local Storage',
      body: (
        <Text inherit>
          We use a strictly necessary cookie to keep you signed in. Your browser also stores a few preferences
          on your device, such as your theme and currency and the latest exchange rate, so the site looks the
          way you left it. We do not use advertising cookies.
        </Text>
      ),
    },
    {
      title: 'Payments',
      body: (
        <Text inherit>
          Payment details are handled by our payment partners and are never stored on our servers. We keep a
          record of each booking’s price, taxes and total so that we can provide receipts and meet accounting
          obligations.
        </Text>
      ),
    },
    {
      title: 'Data Retention and Deletion',
      body: (
        <Text inherit>
          We keep your information for as long as your account is active or as needed to provide our services.
          When you delete your account, we delete your account data within 30 days of account deletion, except
          for records we must keep by law (such as booking and tax records), which are kept only for the
          period the law requires.
        </Text>
      ),
    },
    {
      title: 'Data Security',
      body: (
        <Text inherit>
          We protect your data with industry-standard measures: encrypted connections, passwords stored only
          as strong one-way hashes, sessions that expire, and access limited to the people who need it. No
          system is perfectly secure, and we will notify you and the relevant authorities promptly if a breach
          affects your data.
        </Text>
      ),
    },
    {
      title: 'Your Rights and Choices',
      body: (
        <Text inherit>
          Depending on where you live, you may have the right to access, correct, export or delete your
          personal information, and to object to or restrict some processing. You can exercise these rights at
          any time by contacting us; we will answer within 30 days.
        </Text>
      ),
    },
    {
      title: 'Children’s Privacy',
      body: (
        <Text inherit>
          {site} is intended for adults. You must be 18 or older to create an account or make a booking, and
          we do not knowingly collect personal information from anyone under 18. If you believe a minor has
          given us their data, please contact us and we will delete it.
        </Text>
      ),
    },
    {
      title: 'International Transfers',
      body: (
        <Text inherit>
          We may process your information in countries other than your own. Wherever it is processed, we
          protect it as described in this policy and use appropriate safeguards for any transfer.
        </Text>
      ),
    },
    {
      title: 'Changes to This Policy',
      body: (
        <Text inherit>
          We may update this policy from time to time. When we do, we change the date at the top of this page,
          and if the changes are significant we will tell you before they take effect.
        </Text>
      ),
    },
    {
      title: 'Contact Us',
      body: (
        <Text inherit>
          Questions or requests about your privacy? Write to{' '}
          <Anchor href={`mailto:${contact.supportEmail}`} inherit>
            {contact.supportEmail}
          </Anchor>{' '}
          or to {site}, {contact.businessAddress}.
        </Text>
      ),
    },
  ];
}
