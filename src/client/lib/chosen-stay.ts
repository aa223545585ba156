/**
 * The stay the booking card shows, for the property page's other parts (Contact host asks about it).
 * The route passes it between the two features, so neither imports the other.
 */
export interface TChosenStay {
  checkIn: string | null;
  checkOut: string | null;
  /** The guests counted (adults and children), as a question to the host states them. */
  guests: number;
}
