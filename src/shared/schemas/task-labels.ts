/**
 * How turnover tasks and their problems are named on screen (docs/staff.md#housekeeping). Free of zod, like
 * staff-role.ts: the dashboard, the calendar and the task lists read them on their first render, and
 * importing the schemas for a few words would build every task schema first.
 */

export const TASK_STATUS_LABELS = {
  todo: 'To do',
  in_progress: 'Started',
  done: 'Done',
  problem: 'Problem',
} as const;

export const PROBLEM_SEVERITIES = ['low', 'medium', 'high'] as const;
export type TProblemSeverity = (typeof PROBLEM_SEVERITIES)[number];
export const PROBLEM_SEVERITY_LABELS: Record<TProblemSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'Urgent',
};
