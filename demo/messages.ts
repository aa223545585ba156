/**
 * The demo's guest conversations: a few questions about upcoming stays (some answered, some waiting for
 * the operator) and questions before booking, so the admin's inbox and a guest's trip page show what a
 * working week looks like. Planned from the bookings and listings, with no database.
 */
import type { AMENITIES } from '../src/shared/constants.ts';
import type { TDemoBooking } from './activity.ts';
import type { TDemoListing } from './listings.ts';
import type { TRandom } from './random.ts';

type TAmenity = (typeof AMENITIES)[number];

export interface TDemoMessage {
  sender: 'guest' | 'operator';
  body: string;
  /** How long before the seeding the message was sent. */
  hoursAgo: number;
  /** Read by the other side (the operator reads the guest's, the guest the operator's). */
  read: boolean;
}

export interface TDemoConversation {
  /** Index into the bookings, for a stay's conversation; absent for a question before booking. */
  booking?: number;
  listing: number;
  guestName: string;
  guestEmail: string;
  inquiry?: { checkIn: string; checkOut: string; guests: number };
  messages: TDemoMessage[];
}

/** Upcoming stays' threads: the guest's question, and the operator's answer when there is one. */
/** `needs`: what the home must have for the answer to be true (the thread goes to a stay at such a home). */
const STAY_THREADS: readonly { ask: string; answer?: string; followUp?: string; needs?: TAmenity }[] = [
  {
    ask: 'Hi! We land around 9 pm on the day we arrive. Is a late check-in all right, and how do we get the keys?',
    answer:
      'Hello, and no problem at all: check-in is self-service with a key box, so any time after 3 pm works. The code and directions appear on your trip page shortly before you arrive.',
    followUp: 'Perfect, thank you!',
  },
  {
    ask: 'Is there somewhere to park a car at the house, and is it free?',
    answer: 'Yes, there is one free parking space right in front of the entrance. It is reserved for you.',
    needs: 'Free parking',
  },
  {
    ask: 'We are travelling with a baby. Do you have a travel cot and a high chair we could use?',
  },
  {
    ask: 'Could we leave our bags at the home a few hours before check-in? Our train arrives at 11.',
  },
  {
    ask: 'Hello, is the kitchen equipped for cooking (oven, pans, coffee maker)? We would like to cook most evenings.',
    answer:
      'It is: oven, hob, pans, a coffee maker with some coffee to start you off, and basics like oil and salt. There is a supermarket a five-minute walk away.',
    needs: 'Kitchen',
  },
];

/** Questions before booking, from people without a stay yet. */
const INQUIRIES: readonly {
  name: string;
  email: string;
  ask: string;
  guests: number;
  answered: boolean;
  needs?: TAmenity;
}[] = [
  {
    name: 'Olivia Bennett',
    email: 'olivia.bennett@example.com',
    ask: 'Hi, we are two families (four adults, three children). Would the home sleep us all comfortably for a week?',
    guests: 7,
    answered: false,
  },
  {
    name: 'Mateo García',
    email: 'mateo.garcia@example.com',
    ask: 'Do you offer a discount for a stay of a month? I would be working remotely — how fast is the Wi-Fi?',
    guests: 1,
    answered: true,
    needs: 'Wifi',
  },
];

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export function planConversations(
  bookings: readonly TDemoBooking[],
  listings: readonly TDemoListing[],
  today: string,
  r: TRandom,
): TDemoConversation[] {
  // Confirmed stays that have not started, soonest first: those are the guests with questions.
  const upcoming = bookings
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => b.status === 'confirmed' && b.checkIn > today && b.contactInfo.email)
    .sort((x, y) => x.b.checkIn.localeCompare(y.b.checkIn));
  // Each thread goes to the soonest stay not yet asked about whose home makes its answer true.
  const taken = new Set<number>();
  const conversations: TDemoConversation[] = [];
  STAY_THREADS.forEach((t, k) => {
    const stay = upcoming.find(
      ({ b, i }) => !taken.has(i) && (!t.needs || listings[b.listing]?.amenities.includes(t.needs)),
    );
    if (!stay) return;
    const { b, i } = stay;
    taken.add(i);
    // Older threads first, so the newest (still unanswered) sit at the top of the inbox.
    const asked = 6 + (STAY_THREADS.length - k) * r.int(7, 11);
    const messages: TDemoMessage[] = [
      { sender: 'guest', body: t.ask, hoursAgo: asked, read: Boolean(t.answer) },
    ];
    if (t.answer) {
      const answered = asked - r.int(1, 4);
      messages.push({ sender: 'operator', body: t.answer, hoursAgo: answered, read: true });
      if (t.followUp)
        messages.push({ sender: 'guest', body: t.followUp, hoursAgo: answered - r.int(1, 3), read: false });
    }
    conversations.push({
      booking: i,
      listing: b.listing,
      guestName: b.contactInfo.name,
      guestEmail: b.contactInfo.email,
      messages,
    });
  });
  for (const q of INQUIRIES) {
    // A home that takes the party, and has what the question is about.
    const fits = listings
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => l.maxGuests >= q.guests && (!q.needs || l.amenities.includes(q.needs)));
    const listing = r.pick(fits).i;
    const checkIn = addDays(today, r.int(30, 90));
    const asked = r.int(2, 30);
    const messages: TDemoMessage[] = [{ sender: 'guest', body: q.ask, hoursAgo: asked, read: q.answered }];
    if (q.answered)
      messages.push({
        sender: 'operator',
        body: 'Thank you for asking! Send me the dates you have in mind and I will see what I can do for a month. The Wi-Fi is fibre and handles video calls without trouble.',
        hoursAgo: asked - 1,
        read: false,
      });
    conversations.push({
      listing,
      guestName: q.name,
      guestEmail: q.email,
      inquiry: { checkIn, checkOut: addDays(checkIn, q.guests > 2 ? 7 : 28), guests: q.guests },
      messages,
    });
  }
  return conversations;
}
