import { Accordion, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const FAQS: { value: string; question: string; answer: ReactNode }[] = [
  {
    value: 'booking',
    question: 'How do I book a stay?',
    answer:
      'Find a place you love, open it, and choose your check-in and check-out dates and the number of guests in the booking card. Press Reserve, add your contact details and confirm. You will see your confirmation number straight away, and no account is needed.',
  },
  {
    value: 'cancellation',
    question: 'What is the cancellation policy?',
    answer:
      'The cancellation policy varies by property. Each listing sets its own terms, so check the policy on the property page before you book. If plans change, contact us with your confirmation number and we will walk you through your options.',
  },
  {
    value: 'host',
    question: 'How do I contact the host?',
    answer:
      'Every stay is hosted by our own team, so you can reach your host through our support channels at any time: live chat, phone or email. Have your confirmation number ready and we will connect you with the right person.',
  },
  {
    value: 'payment',
    question: 'What payment methods do you accept?',
    answer:
      'We accept all major credit and debit cards, including Visa, Mastercard and American Express. Prices can be shown in US dollars or Pakistani rupees; the total, including GST, is shown before you confirm, and you won’t be charged until your booking is confirmed.',
  },
  {
    value: 'modify',
    question: 'Can I change or modify my booking?',
    answer:
      'Yes, subject to availability. Contact our support team with your confirmation number and the new dates or guest count. If the property is free on the new dates, we will update your booking and let you know about any change in price.',
  },
  {
    value: 'issues',
    question: 'What should I do if something goes wrong during my stay?',
    answer:
      'Contact us right away: our phone line and live chat are open 24/7. Tell us what happened and, where it helps, share a photo. We will work with you to fix the problem quickly, or find you another place to stay if we cannot.',
  },
];

/** The Help Center's frequently asked questions, one open at a time. */
export function FaqList() {
  return (
    <Accordion variant="separated" radius="md" data-testid="faq">
      {FAQS.map((faq) => (
        <Accordion.Item key={faq.value} value={faq.value}>
          <Accordion.Control>
            <Text fw={600}>{faq.question}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text c="dimmed">{faq.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
