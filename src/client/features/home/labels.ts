/** The review count beside a card's rating: '(12)'. */
export function reviewCountLabel(count: number): string {
  return `(${count})`;
}
