import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * One task is `/admin/tasks?task=ID` rather than a route of its own: the route tree and the page
 * manifest ship in the home page's first script, which is at its size budget, and this page's code is
 * loaded only with the turnovers.
 */
export function taskHref(taskId: number, directAdmin: boolean): string {
  return `/admin/tasks?task=${taskId}${directAdmin ? '&directAdmin=true' : ''}`;
}

/** Follows an in-app link to a task without reloading the page (a modified click opens it as usual). */
export function useTaskLinkClick() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: event.currentTarget.getAttribute('href') ?? '/admin/tasks' });
  };
}
