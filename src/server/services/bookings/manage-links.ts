/** Where a manage link points (`/manage/{token}`); the page is public, the token is the key. */
export function managePath(token: string): string {
  return `/manage/${token}`;
}
