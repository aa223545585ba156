import { startStripeStandIn } from '../../support/stripe-stand-in.ts';

/** The Stripe stand-in as a process of its own, for the browser tests' servers (playwright.config.ts). */
const port = Number(process.env.STAND_IN_PORT);
const secret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
const standIn = await startStripeStandIn({ port, forwardWebhooks: { secret } });
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
