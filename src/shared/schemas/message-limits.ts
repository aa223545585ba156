/**
 * The longest message, in characters. Free of zod: the message thread (the inbox, a trip's messages) reads it
 * on its first render, before anyone writes, and the messaging schemas would otherwise be built first.
 */
export const MESSAGE_MAX = 5000;
