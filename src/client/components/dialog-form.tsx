import type { FormEvent, ReactNode } from 'react';

interface TProps {
  /** Called with the default submission already prevented. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * The form inside a dialog. A Mantine Modal renders in a portal, but React still bubbles its events
 * through the component tree: without this, submitting a dialog that sits inside a page's own
 * `<form>` (the category dialog inside Settings) also submitted the page's form. The submit stops here.
 */
export function DialogForm({ onSubmit, children, ...rest }: TProps) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onSubmit(e);
      }}
    >
      {children}
    </form>
  );
}
