import {
  Alert,
  Container,
  Divider,
  Grid,
  Group,
  Image,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  checkoutSearch,
  chosenPay,
  payChoices,
  type TCheckoutSearch,
  type TPayChoice,
} from '#shared/checkout.ts';
import { CHECKOUT_IMAGE_SIZES, imageSrcSet } from '#shared/media.ts';
import { bookingCardTerms, methodsSentence, scheduleSentence } from '#shared/payment-terms.ts';
import type { TStayQuote } from '#shared/schemas/booking.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { AfterFirstScreen } from '../../components/after-first-screen.tsx';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { homeClockQuery, homePricingQuery } from './api.ts';
import { BookingConfirmedDialog } from './booking-confirmed-dialog.tsx';
import { readBookingDraft } from './booking-draft.ts';
import { CancellationPolicyLine } from './cancellation-policy-line.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';
import { StayChoice } from './stay-choice.tsx';
import { useBookingStay } from './use-booking-stay.ts';
import { useCheckout } from './use-checkout.ts';
import { useStayQuote } from './use-stay-quote.ts';

type TMoney = (amount: number) => string;

/** Each choice's name and what it means for this stay, from the quote's schedule (currency units). */
function choiceText(
  choice: TPayChoice,
  quote: TStayQuote & { schedule: NonNullable<TStayQuote['schedule']> },
  money: TMoney,
): { label: string; description: string } {
  const s = { total: quote.total, ...quote.schedule };
  switch (choice) {
    case 'full':
      return { label: 'Pay in full now', description: `${money(quote.total)} by card, now.` };
    case 'deposit':
      return {
        label: 'Pay a deposit now, the balance later',
        description: `${scheduleSentence(s, money, 'now by card')} You can pay the balance from your booking's page.`,
      };
    case 'bank_transfer':
      return {
        label: 'Bank transfer',
        description: `Nothing is charged on this page. ${scheduleSentence(s, money, 'now')} The bank details come with your confirmation.`,
      };
    case 'pay_on_arrival':
      return {
        label: 'Pay on arrival',
        description: `Nothing is charged on this page: you pay ${money(quote.total)} when you arrive.`,
      };
  }
}

/**
 * The checkout page, "Confirm and pay" (docs/checkout.md): the home, its stay and party editable in
 * place, every price line of the server's quote, the cancellation policy in the home's time zone, the
 * payment choices Settings offers, the contact details and one button. Its stay and choice live in the
 * URL (`onSearch` writes them, replacing the entry), so a reload or Back keeps them; the contact details
 * and an attempt in flight live in this tab's draft (booking-draft.ts).
 */
export function CheckoutPage({
  property,
  search,
  onSearch,
}: {
  property: TProperty;
  search: TCheckoutSearch;
  onSearch: (next: TCheckoutSearch) => void;
}) {
  const { user } = useAuth();
  const { format } = useCurrency();
  const navigate = useNavigate();
  const [draft] = useState(() => readBookingDraft(property.id));
  const stay = useBookingStay(property, { ...search, guests: search.adults });
  const { checkIn, checkOut, party } = stay;
  const priced = useStayQuote(property.id, checkIn, checkOut, party);
  const petsAllowed = useQuery(homePricingQuery(property.id)).data?.petsAllowed ?? false;
  const clock = useQuery(homeClockQuery(property.timeZone)).data;
  const { quote } = priced;
  const problem = stay.problem ?? priced.error;
  const request = property.bookingMode === 'request';
  const offered = quote?.schedule ? payChoices(quote.schedule) : [];
  const choice = chosenPay(offered, search.pay);
  const checkout = useCheckout(property, stay, priced, problem, request ? null : choice);

  // The stay as chosen goes into the URL (replacing the entry), so a reload or a shared link keeps it.
  const wanted = checkIn && checkOut ? checkoutSearch({ checkIn, checkOut, party, pay: search.pay }) : null;
  const wantedKey = wanted ? JSON.stringify(wanted) : null;
  const searchKey = JSON.stringify(search);
  useEffect(() => {
    if (wanted && wantedKey !== searchKey) onSearch(wanted);
    // `wanted` is rebuilt each render; its key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey, searchKey]);

  const backSearch = {
    ...(checkIn && checkOut ? { checkIn, checkOut } : {}),
    guests: party.adults,
  };
  const image = property.images[0];
  // The choices stay on screen while the dates are being fixed: the guest's pick is kept.
  const scheduled = quote?.schedule ? { ...quote, schedule: quote.schedule } : null;

  return (
    <Container size="lg" py="lg" data-testid="checkout-page">
      <AnchorLink
        to="/property/$id"
        params={{ id: String(property.id) }}
        search={backSearch}
        size="sm"
        c="dimmed"
      >
        {/* A text arrow: an icon shared with the home page's first screen would split into a chunk of its own there. */}
        <span aria-hidden>← </span>
        Back to {property.title}
      </AnchorLink>
      <Title order={1} fz={{ base: 26, sm: 32 }} mt="sm">
        {request ? 'Request to book' : 'Confirm and pay'}
      </Title>

      <Grid gap={{ base: 'lg', md: 48 }} mt="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          {/* The server's first screen is the heading and the summary: the forms come with the app. */}
          {!import.meta.env.SSR && (
            <AfterFirstScreen>
              <Stack gap="xl">
                {request && (
                  <Alert
                    color="blue"
                    variant="light"
                    title="Nothing is charged yet"
                    data-testid="request-notice"
                  >
                    This home takes booking requests. Nothing is charged until the operator accepts your
                    request; your dates are held until they answer.
                  </Alert>
                )}
                <Stack gap="sm" component="section" aria-labelledby="checkout-trip-title">
                  <Title order={2} fz={20} id="checkout-trip-title">
                    Your trip
                  </Title>
                  <StayChoice
                    stay={stay}
                    maxGuests={property.maxGuests}
                    petsAllowed={petsAllowed}
                    problem={problem}
                  />
                </Stack>
                <Divider />
                <Stack gap="sm" component="section" aria-labelledby="checkout-pay-title">
                  <Title order={2} fz={20} id="checkout-pay-title">
                    {request ? 'Payment' : 'Choose how to pay'}
                  </Title>
                  {!scheduled ? (
                    <Skeleton h={72} radius="md" />
                  ) : request ? (
                    <Text size="sm" data-testid="payment-terms">
                      {bookingCardTerms({ total: scheduled.total, ...scheduled.schedule }, format, true)}{' '}
                      {methodsSentence(scheduled.schedule.methods)}
                    </Text>
                  ) : offered.length === 0 ? (
                    <Text size="sm" data-testid="payment-terms">
                      {scheduleSentence(
                        { total: scheduled.total, ...scheduled.schedule },
                        format,
                        'when you book',
                      )}
                    </Text>
                  ) : (
                    <Radio.Group
                      value={choice}
                      onChange={(value) => onSearch({ ...search, pay: value })}
                      aria-labelledby="checkout-pay-title"
                    >
                      <Stack gap="xs" data-testid="pay-choices">
                        {offered.map((c) => {
                          const text = choiceText(c, scheduled, format);
                          return (
                            <Radio.Card key={c} value={c} radius="md" p="md" data-testid={`pay-${c}`}>
                              <Group wrap="nowrap" align="flex-start">
                                <Radio.Indicator />
                                <div>
                                  <Text fw={600} size="sm">
                                    {text.label}
                                  </Text>
                                  <Text size="sm" c="dimmed">
                                    {text.description}
                                  </Text>
                                </div>
                              </Group>
                            </Radio.Card>
                          );
                        })}
                      </Stack>
                    </Radio.Group>
                  )}
                </Stack>
                <Divider />
                <Stack gap="xs" component="section" aria-labelledby="checkout-policy-title">
                  <Title order={2} fz={20} id="checkout-policy-title">
                    Cancellation policy
                  </Title>
                  <CancellationPolicyLine
                    policy={property.cancellationPolicy}
                    checkIn={checkIn}
                    timeZone={property.timeZone}
                    clock={clock}
                    align="left"
                  />
                </Stack>
                <Divider />
                <CheckoutForm
                  initial={{ name: user?.name ?? '', email: user?.email ?? '' }}
                  draft={draft?.contact}
                  onChange={checkout.saveContact}
                  pending={checkout.pending}
                  progress={checkout.progress}
                  confirmLabel={checkout.confirmLabel}
                  disabled={problem !== null || !quote}
                  onSubmit={(contact) => void checkout.submit(contact)}
                />
              </Stack>
            </AfterFirstScreen>
          )}
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Paper
            withBorder
            radius="lg"
            p="lg"
            data-testid="checkout-summary"
            component="aside"
            aria-labelledby="checkout-summary-title"
          >
            <Stack gap="md">
              <Group wrap="nowrap" align="flex-start">
                {image && (
                  <Image
                    src={image}
                    srcSet={imageSrcSet(image)}
                    sizes={CHECKOUT_IMAGE_SIZES}
                    w={112}
                    h={96}
                    radius="md"
                    alt=""
                  />
                )}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700} id="checkout-summary-title" data-testid="checkout-home">
                    {property.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {property.location}
                  </Text>
                </Stack>
              </Group>
              <Divider />
              <Title order={2} fz={18}>
                Price details
              </Title>
              {quote && !problem ? <PriceBreakdown quote={quote} /> : <Skeleton h={120} />}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <MountOnFirstOpen opened={checkout.confirmation !== null}>
        <BookingConfirmedDialog
          summary={checkout.confirmation}
          chosen={choice ?? undefined}
          onClose={() => {
            const token = checkout.confirmation?.manageToken;
            // Booked: the checkout is done with, and Back does not come back to it.
            if (token) void navigate({ to: '/manage/$token', params: { token }, replace: true });
          }}
        />
      </MountOnFirstOpen>
    </Container>
  );
}
